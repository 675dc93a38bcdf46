import { PrivacyService, UserModule } from '@dealership/user-server';
import { alerts, alertSubscribers } from '@dealership/alert-data';
import { createModuleTestApp, insertBrand, insertCar, insertUser, truncateAll } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import { outboxMessages } from '@dealership/message-data';
import { type DatabaseHandle, PersonalDataHolders } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { AlertModule } from './alert.module';
import { AlertRouter } from './alert.router';
import { AlertService } from './alert.service';

const DAY = 24 * 3_600_000;

describe('alerts: saved searches and price drops (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let service: AlertService;
  let ip = 0;
  const callerFor = (user: { id: string; name: string; email: string; role: 0 } | null) =>
    createCallerFactory(app.get(AlertRouter).router)({ user, ip: `10.2.0.${++ip}` });
  const visitor = () => callerFor(null);
  const messages = (topic?: string) =>
    handle.db
      .select()
      .from(outboxMessages)
      .orderBy(asc(outboxMessages.createdAt))
      .then((rows) => rows.filter((m) => !topic || m.topic === topic));
  /** The link of `path` in a message's text, as its token. */
  const tokenIn = (text: string, path: string) => decodeURIComponent(new RegExp(`${path}\\?token=([^\\s)"]+)`).exec(text)?.[1] ?? '');

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [UserModule, AlertModule], { userLookup: 'provided', env: { PUBLIC_URL: 'https://dealer.test' } });
    service = app.get(AlertService);
  });

  beforeEach(() => truncateAll(handle));

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  async function signedIn() {
    const user = await insertUser(handle.db, { name: 'Amina', email: 'amina@buyer.test' });
    return { user, caller: callerFor({ id: user.id, name: user.name, email: user.email, role: 0 as const }) };
  }

  it('a signed-in buyer saves a search: a matching car added later is told in one email with an unsubscribe link; a car that does not match is not', async () => {
    const toyota = await insertBrand(handle.db, { name: 'Toyota' });
    const { caller } = await signedIn();
    expect(await caller.saveSearch({ filters: { bodyType: 'SUV', fuelType: 'Diesel', yearMin: 2018 } })).toEqual({ status: 'saved', added: 1 });
    expect(await caller.mine()).toEqual([expect.objectContaining({ kind: 'search', label: 'SUV, Diesel, 2018 or newer', href: '/cars?type=SUV&fuel=Diesel&yearFrom=2018' })]);

    await insertCar(handle.db, { brandId: toyota.id, name: 'Toyota Prado 2019', bodyType: 'SUV', fuelType: 'Diesel', year: 2019, price: 4_500_000 });
    await insertCar(handle.db, { brandId: toyota.id, name: 'Toyota Vitz 2019', bodyType: 'Hatchback', fuelType: 'Petrol', year: 2019 });
    await insertCar(handle.db, { brandId: toyota.id, name: 'Toyota Prado 2012', bodyType: 'SUV', fuelType: 'Diesel', year: 2012 });

    expect(await service.dispatch()).toEqual({ matched: 1, messages: 1 });
    const [mail] = await messages('alert.digest');
    expect(mail).toMatchObject({ channel: 'email', recipient: 'amina@buyer.test', subject: '1 new car matches your search' });
    expect(mail.bodyText).toContain('Toyota Prado 2019');
    expect(mail.bodyText).not.toContain('Vitz');
    expect(mail.bodyText).toContain('https://dealer.test/alerts/unsubscribe?token=');
    // Nothing new: nothing more.
    expect(await service.dispatch()).toEqual({ matched: 0, messages: 0 });
  });

  it('a car made Available again is told (once per alert); a reserved or sold one is not', async () => {
    const brand = await insertBrand(handle.db, { name: 'Volvo' });
    const { caller } = await signedIn();
    await caller.saveSearch({ filters: { brands: ['volvo'] } });
    const reserved = await insertCar(handle.db, { brandId: brand.id, name: 'Volvo XC60 Reserved', status: 'Reserved' });
    const sold = await insertCar(handle.db, { brandId: brand.id, name: 'Volvo XC90 Sold', status: 'Sold' });
    expect(await service.dispatch()).toEqual({ matched: 0, messages: 0 });
    await handle.db.update(cars).set({ status: 'Available' }).where(eq(cars.id, reserved.id));
    expect(await service.dispatch()).toEqual({ matched: 1, messages: 1 });
    expect((await messages('alert.digest'))[0].bodyText).toContain('Volvo XC60 Reserved');
    expect((await messages('alert.digest'))[0].bodyText).not.toContain(sold.name);
    // Reserved and Available again the next week: already told for this alert.
    await handle.db.update(cars).set({ status: 'Reserved' }).where(eq(cars.id, reserved.id));
    await handle.db.update(cars).set({ status: 'Available' }).where(eq(cars.id, reserved.id));
    expect(await service.dispatch(new Date(Date.now() + 7 * DAY))).toEqual({ matched: 0, messages: 0 });
  });

  it('many saved searches: a new car is tested against all of them in a few statements, and their owner still gets one message', async () => {
    const brand = await insertBrand(handle.db, { name: 'Audi' });
    const { user, caller } = await signedIn();
    await caller.saveSearch({ filters: { yearMin: 1000 } });
    const [{ subscriberId }] = await handle.db.select({ subscriberId: alerts.subscriberId }).from(alerts);
    // 450 distinct searches (more than two statements' worth), written straight to the table: 2018 passes those up to 2018.
    await handle.db.insert(alerts).values(
      Array.from({ length: 450 }, (_, i) => ({ subscriberId, kind: 'search' as const, filters: { yearMin: 1700 + i }, label: `${1700 + i} or newer`, confirmedAt: new Date() })),
    );
    await insertCar(handle.db, { brandId: brand.id, name: 'Audi A4 2018', year: 2018 });
    const started = Date.now();
    expect(await service.dispatch()).toEqual({ matched: 1 + (2018 - 1700 + 1), messages: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const [digest] = await messages('alert.digest');
    expect(digest.recipient).toBe(user.email);
    expect(digest.subject).toBe('1 new car matches your search');
  });

  it('at most one message a day: matches after the first wait for the next day and go out together', async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const { caller } = await signedIn();
    await caller.saveSearch({ filters: { brands: ['mazda'] } });
    const start = new Date();
    await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5 A' });
    expect((await service.dispatch(start)).messages).toBe(1);
    await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5 B' });
    await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Demio C' });
    expect(await service.dispatch(new Date(start.getTime() + DAY / 2))).toEqual({ matched: 2, messages: 0 });
    expect(await messages('alert.digest')).toHaveLength(1);
    expect((await service.dispatch(new Date(start.getTime() + DAY + 1000))).messages).toBe(1);
    const sent = await messages('alert.digest');
    expect(sent).toHaveLength(2);
    expect(sent[1].subject).toBe('2 new cars match your search');
    expect(sent[1].bodyText).toContain('Mazda CX-5 B');
    expect(sent[1].bodyText).toContain('Mazda Demio C');
  });

  it('a contact without an account: only the confirmation link until confirmed, then the price drop of a watched car; the link unsubscribes without sign-in after one click', async () => {
    const brand = await insertBrand(handle.db, { name: 'Nissan' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Nissan Note 2017', price: 900_000 });
    expect(await visitor().watchPrices({ carIds: [car.id], contact: ' Jane@Buyer.test ' })).toEqual({ status: 'confirmation-sent', added: 1 });
    const [confirmation] = await messages('alert.confirm');
    expect(confirmation).toMatchObject({ recipient: 'jane@buyer.test', subject: 'Confirm your car alerts' });
    // It goes to an address someone typed: it names what was asked for by count only.
    expect(confirmation.bodyText).toContain('asked Mombasa Car Dealership to send a car alert here.');
    expect(confirmation.bodyText).not.toContain('Nissan Note 2017');

    // Unconfirmed: a drop is not told.
    await handle.db.update(cars).set({ price: 850_000 }).where(eq(cars.id, car.id));
    expect(await service.dispatch()).toEqual({ matched: 0, messages: 0 });
    expect(await messages('alert.digest')).toHaveLength(0);

    await expect(visitor().confirm({ token: 'c.nope.x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await visitor().confirm({ token: tokenIn(confirmation.bodyText, '/alerts/confirm') })).toEqual({ confirmed: 1 });

    // A rise is not a drop; a drop is, with the old and new price.
    await handle.db.update(cars).set({ price: 870_000 }).where(eq(cars.id, car.id));
    await handle.db.update(cars).set({ price: 800_000 }).where(eq(cars.id, car.id));
    expect(await service.dispatch()).toEqual({ matched: 1, messages: 1 });
    const [drop] = await messages('alert.digest');
    expect(drop).toMatchObject({ recipient: 'jane@buyer.test', subject: '1 price drop' });
    expect(drop.bodyText).toContain('now KES 800,000 (was KES 870,000)');

    const token = tokenIn(drop.bodyText, '/alerts/unsubscribe');
    // Reading the link (the page a mail scanner would prefetch) changes nothing.
    expect(await visitor().linkInfo({ token })).toEqual({ recipient: 'j***@buyer.test', alerts: [{ kind: 'price', label: 'Nissan Note 2017' }] });
    expect(await handle.db.select().from(alerts)).toHaveLength(1);
    await expect(visitor().unsubscribe({ token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await visitor().unsubscribe({ token })).toEqual({ removed: 1 });
    expect(await handle.db.select().from(alerts)).toHaveLength(0);
    expect(await handle.db.select().from(alertSubscribers)).toHaveLength(0);
    await handle.db.update(cars).set({ price: 700_000 }).where(eq(cars.id, car.id));
    expect(await service.dispatch()).toEqual({ matched: 0, messages: 0 });
  });

  it("a digest email carries the one-click unsubscribe address of its List-Unsubscribe header, which a mail app's post (no sign-in) ends the alerts at", async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const { caller } = await signedIn();
    await caller.saveSearch({ filters: { brands: ['mazda'] } });
    await insertCar(handle.db, { brandId: brand.id, name: 'Mazda CX-5 2019' });
    expect(await service.dispatch()).toEqual({ matched: 1, messages: 1 });
    const [digest] = await messages('alert.digest');
    expect(digest.unsubscribeUrl).toMatch(/^https:\/\/dealer\.test\/api\/alerts\/unsubscribe\?token=u\./);
    // The same subscriber's token as the message's own link.
    const token = tokenIn(digest.bodyText, '/alerts/unsubscribe');
    expect(new URL(digest.unsubscribeUrl ?? '').searchParams.get('token')).toBe(token);
    const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

    // Opened in a browser: the page that asks for the click, nothing changed.
    const opened = await app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await handle.db.select().from(alerts)).toHaveLength(1);

    const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };
    const forged = await app.inject({ method: 'POST', url: path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ success: false, message: 'token: this link is not valid; copy the whole address from the message' });
    const posted = await app.inject({ method: 'POST', url: path, headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ removed: 1 });
    expect(await handle.db.select().from(alerts)).toHaveLength(0);
    // A provider retrying the post: nothing left to end, still a success.
    expect((await app.inject({ method: 'POST', url: path, headers: oneClick, payload: 'List-Unsubscribe=One-Click' })).json()).toEqual({ removed: 0 });
    expect((await app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: oneClick, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(400);
  });

  it('an SMS contact gets the confirmation by SMS, and a link of another purpose or subscriber is refused', async () => {
    const brand = await insertBrand(handle.db, { name: 'Subaru' });
    await visitor().saveSearch({ filters: { brands: ['subaru'] }, contact: '0712 345 678' });
    const [sms] = await messages('alert.confirm');
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+254712345678' });
    const token = tokenIn(sms.bodyText, '/alerts/confirm');
    // A confirm link does not unsubscribe.
    await expect(visitor().unsubscribe({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await visitor().confirm({ token });
    await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Forester 2018' });
    await service.dispatch();
    const [digest] = await messages('alert.digest');
    expect(digest).toMatchObject({ channel: 'sms', recipient: '+254712345678' });
    expect(digest.bodyText).toMatch(/^Mombasa Car Dealership: New: Subaru Forester 2018: KES 1,500,000 https:\/\/dealer\.test\/car\/subaru-forester-2018\. Stop: https:\/\/dealer\.test\/alerts\/unsubscribe\?token=/);
  });

  it('refuses bad input with the field named, a sign-up without contact or account, a gone car; throttles confirmation links per contact', async () => {
    await expect(visitor().saveSearch({ filters: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('contact') });
    await expect(visitor().saveSearch({ filters: {}, contact: 'nobody' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(visitor().watchPrices({ carIds: ['0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50'], contact: 'a@b.test' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('carIds'),
    });
    for (let i = 0; i < 5; i++) await visitor().saveSearch({ filters: { yearMin: 2000 + i }, contact: 'victim@buyer.test' });
    expect(await messages('alert.confirm')).toHaveLength(3);
  });

  it('a signed-in buyer lists and removes their own alerts only', async () => {
    const brand = await insertBrand(handle.db, { name: 'Honda' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Honda Fit 2016' });
    const { caller } = await signedIn();
    const sold = await insertCar(handle.db, { brandId: brand.id, name: 'Honda Civic Sold', status: 'Sold' });
    await expect(caller.watchPrices({ carIds: [sold.id] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('carIds') });
    // Favourites with a car sold since: the others are watched.
    expect(await caller.watchPrices({ carIds: [car.id, car.id, sold.id] })).toEqual({ status: 'saved', added: 1 });
    expect(await caller.watchPrices({ carIds: [car.id] })).toEqual({ status: 'saved', added: 0 });
    const [watch] = await caller.mine();
    expect(watch).toMatchObject({ kind: 'price', label: 'Honda Fit 2016', href: '/car/honda-fit-2016' });
    const other = await insertUser(handle.db, { name: 'Other', email: 'other@buyer.test' });
    const stranger = callerFor({ id: other.id, name: other.name, email: other.email, role: 0 });
    await expect(stranger.remove({ id: watch.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller.remove({ id: watch.id })).toEqual({ id: watch.id });
    expect(await caller.mine()).toEqual([]);
  });

  it("privacy: an account's alerts are in its export and deleted with it; unconfirmed sign-ups expire", async () => {
    const brand = await insertBrand(handle.db, { name: 'Isuzu' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Isuzu D-Max 2020' });
    const { user, caller } = await signedIn();
    await caller.watchPrices({ carIds: [car.id] });
    const privacy = app.get(PrivacyService);
    const exported = (await privacy.exportData({ id: user.id, name: user.name, email: user.email, role: 0 })) as Record<string, unknown>;
    expect(exported['alerts']).toEqual([expect.objectContaining({ label: 'Isuzu D-Max 2020' })]);

    await visitor().saveSearch({ filters: { bodyType: 'Pickup' }, contact: 'late@buyer.test' });
    expect(await service.applyRetention(new Date(Date.now() + 6 * DAY))).toMatchObject({ alertsUnconfirmedDeleted: 0 });
    expect(await service.applyRetention(new Date(Date.now() + 8 * DAY))).toMatchObject({ alertsUnconfirmedDeleted: 1, alertSubscribersDeleted: 1 });

    const holder = app.get(PersonalDataHolders).all().find((h) => h.personalDataKey === 'alerts');
    const forgotten = await handle.db.transaction((tx) => (holder as NonNullable<typeof holder>).forget({ userId: user.id, verifiedEmail: null, verifiedPhone: null }, tx));
    expect(forgotten.counts).toEqual({ alertsDeleted: 1 });
    expect(await handle.db.select().from(alertSubscribers)).toHaveLength(0);
  });
});
