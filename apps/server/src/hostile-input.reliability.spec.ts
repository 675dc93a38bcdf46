import { AppRouterFactory } from '@dealership/app-router';
import { defaultSiteContent, siteContentFields } from '@dealership/content-schemas';
import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS } from '@dealership/setting-schemas';
import { insertBrand, insertCar, insertOrder } from '@dealership/app-schema/testing';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './create-app';
import { declaredProcedures, declaredRestRoutes, urlOfRoute } from './testing/declared-routes';
import { restContractOptions } from './testing/rest-contract';
import { wholeServerTestConfig } from './testing/test-config';

/*
 * Generated hostile input against every REST path and tRPC procedure of the whole server, as a
 * guest, a customer and an admin: control characters, NUL, huge and malformed values, wrong types,
 * unknown and missing fields, path traversal, SQL and pattern metacharacters. Whatever comes in,
 * the answer is never a 5xx and no catalogue, account or order row changes.
 */

/** Runs of the property; each run sends one request. */
const RUNS = 2_400;

/** Tables whose rows hostile input must never change (login bookkeeping may: it counts failures). */
const GUARDED_TABLES = ['brands', 'brand_images', 'cars', 'car_images', 'users', 'orders', 'order_lines'];

/** Field names of our inputs, so generated objects reach past "unknown field" into each field's checks. */
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'currentPassword',
  'phone',
  'address',
  'search',
  'searchQuery',
  'brands',
  'make',
  'priceRange',
  'priceMin',
  'priceMax',
  'bodyType',
  'condition',
  'fuelType',
  'transmission',
  'yearMin',
  'yearMax',
  'mileageMin',
  'mileageMax',
  'sort',
  'page',
  'pageSize',
  'slug',
  'carId',
  'brandId',
  'orderId',
  'status',
  'id',
  'featured',
  'carIds',
  'cart',
  'nonce',
  'payment',
  'method',
  'idempotencyKey',
  '_id',
];

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  "'; DROP TABLE cars; --",
  '%',
  '_',
  '\\',
  '.*(',
  '../../../etc/passwd',
  '..%2F..%2Fjwt-secret',
  '\uD800',
  '\uFFFF',
  '<script>alert(1)</script>',
  '${7*7}',
  'x'.repeat(10_000),
  ' ',
  '',
  'null',
  '[]',
  '{}',
  '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
  'toyota',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
);
/** Text with control characters mixed into ordinary letters. */
const controlText = fc.string({
  unit: fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x20, max: 0x7e })).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 24,
});
const hostileString = fc.oneof(
  { arbitrary: nasty, weight: 3 },
  { arbitrary: controlText, weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 16 }), weight: 1 },
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 31) - 1));
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileString), tie('value'), { maxKeys: 6 }),
  ),
}));
/** `text` with lone surrogates replaced (encodeURIComponent throws on them). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');

/** A URL part: a hostile string percent-encoded (lone surrogates made well-formed first), or raw malformed escapes. */
const urlPart = fc.oneof(
  hostileString.map((text) => encodeURIComponent(wellFormed(text))),
  fc.constantFrom('%00', '%FF', '%E0%A4%A', '%ED%A0%80', '%C0%AE%C0%AE%2F', '..%2F..%2F', '%', '%%', '%2e%2e'),
);

/** An object of our field names with hostile values, or any hostile value at all. */
const hostileInput = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 8 }), hostileValue, fc.constant(undefined));

type Actor = 'guest' | 'customer' | 'admin';

/** A whole valid site content (content.update replaces all of it): every text in it is spoiled in turn. */
function siteContentTemplate() {
  return {
    ...siteContentFields(defaultSiteContent('+254 711 222 333')),
    whatsapp: '+254 722 000 111',
    email: 'sales@dealer.example',
    mapUrl: 'https://maps.example.com/?q=Mombasa',
  };
}

describe('hostile input (reliability: the whole server, generated requests)', () => {
  let root: string;
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  const headers: Record<Actor, Record<string, string>> = { guest: {}, customer: {}, admin: {} };
  const ids = { car: '', brand: '', order: '' };

  /** A checksum of every guarded table's rows. */
  const snapshot = async () => {
    const db = app.get<Database>(DB);
    const sums: Record<string, string> = {};
    for (const table of GUARDED_TABLES) {
      const [row] = await db.select({ sum: sql<string>`md5(coalesce(string_agg(t::text, '|' order by t::text), ''))` }).from(sql.raw(`${table} t`));
      sums[table] = row.sum;
    }
    return sums;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hostile-'));
    database = await createTestDatabase();
    // Card payments on (a loopback stub of Braintree), so the payment paths get past "card payments are off".
    stub = await startBraintreeStub();
    const config = wholeServerTestConfig(root, { JWT_SECRET: 'hostile-input-secret-0123456789-abcdefghijklmnop', ...stub.env });
    // Every REST answer, hostile or not, is also checked against the served OpenAPI document.
    app = await createApp(config, { database, ...restContractOptions() });
    const db = app.get<Database>(DB);
    const toyota = await insertBrand(db, { name: 'Toyota' });
    const vitz = await insertCar(db, { name: 'Toyota Vitz', brandId: toyota.id });

    const customer = { name: 'Amina', email: 'amina@example.co.ke', password: 'amina-password', phone: '0712345678', address: 'Nyali, Mombasa' };
    expect((await app.inject({ method: 'POST', url: '/api/user/register', payload: customer })).statusCode).toBe(201);
    const login = async (email: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      expect(res.statusCode).toBe(200);
      return res.json() as { token: string; user: { _id: string } };
    };
    const customerSession = await login(customer.email, customer.password);
    const adminSession = await login('boss@dealer.test', 'correct-horse-battery');
    headers.customer = { authorization: `Bearer ${customerSession.token}` };
    headers.admin = { authorization: adminSession.token };
    const order = await insertOrder(db, { buyerId: customerSession.user._id, lines: [{ car: vitz }] });
    Object.assign(ids, { car: vitz.id, brand: toyota.id, order: order.id });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await stub?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * A valid input of every procedure and REST path that takes one, as a customer would send it
   * (so a control character in one field is the only thing wrong). A new endpoint with an input
   * fails the completeness check below until it gets a template here.
   */
  const templates = () => {
    const profile = {
      name: 'Amina',
      email: 'amina@example.co.ke',
      password: 'new-password-1',
      currentPassword: 'amina-password',
      phone: '0712345678',
      address: 'Nyali',
    };
    const account = { name: 'Baraka', email: 'baraka@example.co.ke', password: 'baraka-password', phone: '0712000000', address: 'Likoni' };
    // A new car and a picture of our store: catalogue writes are valid but for the spoilt field.
    const car = {
      name: 'Toyota Axio',
      description: 'Clean.',
      price: 900_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: 1500,
      mileage: 70_000,
      year: 2016,
      drive: '2 WD',
      bodyType: 'Sedan',
      warranty: '1 year',
    };
    const picture = { url: '/media/documents/axio-1a2b.webp', publicId: 'documents/axio-1a2b' };
    const legacyCar = { ...car, brand: ids.brand, yom: '2016', price: '900000', documents: [{ url: picture.url, public_id: picture.publicId }] };
    const trpc: Record<string, Record<string, unknown>> = {
      'car.list': { search: 'toyota', brands: ['toyota'], make: 'Toyota', priceRange: '500K-1M', sort: 'newest', page: 1, pageSize: 12 },
      'car.manage': { search: 'toyota', brandId: ids.brand, status: 'Available', featured: true, page: 1, pageSize: 12 },
      'car.bySlug': { slug: 'toyota-vitz' },
      'car.forStaff': { slug: 'toyota-vitz' },
      'car.compare': { slugs: ['toyota-vitz', 'mazda-cx-5'] },
      'car.related': { carId: ids.car, brandId: ids.brand },
      'car.priceHistory': { carId: ids.car },
      'car.models': { brand: 'toyota' },
      'car.landing': { page: 'body', bodyType: 'suv' },
      'brand.bySlug': { slug: 'toyota' },
      'order.setStatus': { orderId: ids.order, status: 'Processing' },
      'order.quote': { carIds: [ids.car] },
      'order.place': { carIds: [ids.car], payment: { method: 'card', nonce: 'fake-valid-nonce' }, idempotencyKey: 'hostile-checkout-0001' },
      'order.all': { status: 'Processing', search: 'amina', page: 1, pageSize: 12 },
      'order.payDeposit': { orderId: ids.order, phone: '0712345678' },
      // An address that has an account: a variant that stays valid is refused (409), never a new account.
      'staff.invite': { name: 'Salim Mwangi', email: 'amina@example.co.ke', staffRole: 'sales' },
      'staff.setRole': { userId: ids.order, staffRole: 'sales' },
      'staff.deactivate': { userId: ids.order },
      'staff.reactivate': { userId: ids.order },
      'staff.resetTwoFactor': { userId: ids.order },
      'staff.requireTwoFactor': { required: false },
      'user.twoFactorEnable': { code: '123456' },
      'user.verifyPhone': { code: '123456' },
      'user.setTextChannel': { channel: 'sms' },
      'user.twoFactorSetup': { currentPassword: 'not-the-password' },
      'user.loginSecondFactor': { challenge: 'not.a.challenge', code: '123456' },
      'order.mpesaPayment': { paymentId: ids.order },
      'user.register': account,
      'user.login': { email: 'amina@example.co.ke', password: 'wrong-password' },
      'user.updateProfile': profile,
      // A wrong password: a variant that stays valid is refused (400), never the account deleted.
      'user.deleteAccount': { password: 'not-amina-password' },
      'user.requestPasswordReset': { email: 'amina@example.co.ke' },
      'user.resetPassword': { token: 'rR7pQm0cVbB2a9xY4kLz8Wn3Ed6Ts1Hu5Gf0Jo2Ci4Aa', password: 'new-password-1', confirmPassword: 'new-password-1' },
      'user.verifyEmail': { token: 'vR7pQm0cVbB2a9xY4kLz8Wn3Ed6Ts1Hu5Gf0Jo2Ci4Aa' },
      'car.create': { ...car, brandId: ids.brand, images: [picture], fromDraftId: ids.order },
      'car.dismissDraft': { id: ids.order },
      'car.update': {
        id: ids.car,
        name: 'Toyota Vitz',
        description: 'Clean.',
        warranty: '1 year',
        status: 'Available',
        exteriorColour: 'White',
        stockNumber: 'ST-90001',
        chassisNumber: 'NZE161-1234567',
      },
      'car.remove': { id: ids.car },
      'car.removeImage': { carId: ids.car, publicId: 'cars/toyota-vitz-0' },
      'car.spin': { carId: ids.car },
      'car.setSpin': { carId: ids.car, frames: Array.from({ length: 24 }, (_, i) => ({ url: `/media/documents/spin-${i}.webp`, publicId: `documents/spin-${i}` })) },
      'car.clearSpin': { carId: ids.car },
      'car.costs': { carId: ids.car },
      'car.addCost': { carId: ids.car, cost: { kind: 'purchase', currency: 'JPY', amount: 1_000_000, exchangeRate: 0.87, supplier: 'USS Tokyo', receipt: 'LOT 1' } },
      'car.updateCost': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51', cost: { kind: 'freight', amount: 150_000, supplier: 'Maersk', receipt: 'BL 1' } },
      'car.removeCost': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51' },
      'car.setAgedStockAlert': { days: 75 },
      'brand.create': { name: 'Mazda', images: [picture], description: 'Zoom-zoom.' },
      'brand.update': { id: ids.brand, name: 'Toyota', description: 'Reliable.' },
      'brand.remove': { id: ids.brand },
      'brand.removeImage': { brandId: ids.brand, publicId: 'brands/toyota' },
      'audit.list': { entity: 'car', entityId: ids.car, page: 1 },
      'lead.list': { kind: 'enquiry', status: 'New', page: 1, pageSize: 12 },
      'lead.create': {
        kind: 'enquiry',
        name: 'Matrix Lead',
        phone: '0712 345 678',
        consent: true,
        email: 'lead@example.com',
        message: 'Is it still available?',
      },
      'lead.setStatus': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', status: 'Contacted', note: 'Called back' },
      'lead.timeline': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'lead.addNote': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', body: 'Wants a Prado' },
      'lead.logContact': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', channel: 'call', body: 'No answer' },
      'lead.whatsapp': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'lead.whatsappReply': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', text: 'Yes, it is available' },
      'lead.setFollowUp': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', on: '2026-12-01' },
      'lead.assign': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', assigneeId: null },
      // Sent as a customer (refused before its input): a staff member's own valid variant would flip their away mark.
      'user.setAway': { away: false },
      'staff.setAway': { userId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', away: true },
      'setting.list': { page: 1, pageSize: 12 },
      'setting.byId': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'setting.create': { effectiveFrom: '2027-07-01', duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS, note: 'Finance Act 2027' },
      'setting.update': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', finance: DEFAULT_FINANCE_SETTINGS, note: 'Bank rate' },
      'setting.remove': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'testimonial.list': { page: 1, pageSize: 12 },
      'testimonial.manage': { page: 1, pageSize: 12 },
      'testimonial.create': { name: 'Matrix Testimonial', quote: 'Good dealer.' },
      'testimonial.update': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', name: 'Matrix Testimonial' },
      'testimonial.remove': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'message.list': { page: 1, pageSize: 12, status: 'failed', channel: 'sms' },
      'message.resend': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'content.update': siteContentTemplate(),
      'alert.saveSearch': { filters: { bodyType: 'SUV', yearMin: 2018, brands: ['toyota'] }, contact: 'buyer@example.com' },
      'alert.watchPrices': { carIds: ['0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50'], contact: '0712 345 678' },
      'alert.confirm': { token: 'c.0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.signature' },
      'alert.linkInfo': { token: 'u.0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.signature' },
      'alert.unsubscribe': { token: 'u.0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.signature' },
      'alert.remove': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'inspection.report': { carId: ids.car },
      'inspection.byCar': { carId: ids.car },
      'inspection.checklistInForce': { on: '2026-06-01' },
      'inspection.createChecklist': { effectiveFrom: '2027-08-01', areas: [{ name: 'Engine', points: ['Starts from cold'] }], note: 'Fewer points' },
      'inspection.record': {
        carId: ids.car,
        checklistId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
        inspectedOn: '2026-06-01',
        inspector: 'Juma',
        odometerKm: 60_000,
        results: [{ point: 3, status: 'attention', note: 'Worn pads' }],
        auctionGrade: '4.5',
        auctionInteriorGrade: 'B',
        exportCertificateKm: 58_000,
        certificatePublic: false,
      },
      'vehicleImport.board': { search: 'Fielder', overdueOnly: true, includeDelivered: false },
      'vehicleImport.byId': { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'vehicleImport.forLead': { leadId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'vehicleImport.open': {
        buyerName: 'Amina Buyer',
        buyerPhone: '0712345678',
        buyerEmail: 'amina@example.com',
        make: 'Toyota',
        model: 'Fielder',
        yearOfManufacture: 2024,
        yearOfFirstRegistration: 2024,
        chassisNumber: 'NZE161-3012345',
        auctionHouse: 'USS Tokyo',
        auctionLot: '40123',
        auctionGrade: '4.5',
        agreedPriceKes: 2_100_000,
        depositKes: 500_000,
        expectedArrival: '2027-01-15',
        staffNote: 'Wants it by January.',
      },
      'vehicleImport.recordMilestone': {
        importId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
        milestone: 'shipped',
        occurredOn: '2026-12-01',
        fields: { vessel: 'Morning Celesta', voyage: '112A', billOfLading: 'MOLU1234567', portOfLoading: 'Yokohama', estimatedArrival: '2027-01-10' },
        staffNote: 'Booked by the exporter.',
      },
      'vehicleImport.recordPayment': { importId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', amountKes: 500_000, method: 'mpesa', reference: 'QK12ABCDEF', receivedOn: '2026-12-01' },
      'vehicleImport.shareDocument': { documentId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', sharedWithBuyer: true },
      'vehicleImport.removeDocument': { documentId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'vehicleImport.costsForChassis': { chassisNumber: 'NZE161-3012345' },
      'vehicleImport.setPrice': { importId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', agreedPriceKes: 2_000_000, depositKes: 500_000 },
      'vehicleImport.track': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' },
      'vehicleImport.clientToken': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' },
      'vehicleImport.payByCard': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl', nonce: 'fake-valid-nonce' },
      'vehicleImport.payByMpesa': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl', phone: '0712345678' },
      'vehicleImport.mpesaPayment': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl', paymentId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'tradeInOffer.make': {
        leadId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
        buyerName: 'Amina Buyer',
        buyerPhone: '0712345678',
        buyerEmail: 'amina@example.com',
        car: '2015 Toyota Axio, 120,000 km',
        amountKes: 850_000,
        validUntil: '2027-12-14',
        conditions: 'Spare key and logbook at handover.',
      },
      'tradeInOffer.forLead': { leadId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' },
      'tradeInOffer.view': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' },
      'tradeInOffer.accept': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' },
      'tradeInOffer.decline': { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' },
    };
    const rest: { route: string; url: string; body?: Record<string, unknown>; query?: Record<string, string> }[] = [
      { route: 'GET car/getAll-car', url: '/api/car/getAll-car', query: { searchQuery: 'toyota' } },
      { route: 'GET sitemap-:file', url: '/sitemap-{cars-1.xml}' },
      { route: 'GET car/getCarById-car/:slug', url: '/api/car/getCarById-car/{toyota-vitz}' },
      { route: 'GET car/related-car/:carId/:brandId', url: `/api/car/related-car/{${ids.car}}/{${ids.brand}}` },
      { route: 'GET brand/getBrandBtId-brand/:slug', url: '/api/brand/getBrandBtId-brand/{toyota}' },
      { route: 'POST user/register', url: '/api/user/register', body: account },
      { route: 'POST user/login', url: '/api/user/login', body: { email: 'amina@example.co.ke', password: 'wrong-password' } },
      { route: 'PUT user/profileUpdate', url: '/api/user/profileUpdate', body: profile },
      { route: `PUT user/orderStatus/:orderId`, url: `/api/user/orderStatus/{${ids.order}}`, body: { status: 'Processing' } },
      { route: 'POST user/create-order', url: '/api/user/create-order', body: { cart: [ids.car] } },
      { route: 'POST car/braintree/payment', url: '/api/car/braintree/payment', body: { nonce: 'fake-valid-nonce', cart: [ids.car] } },
      {
        route: 'POST payments/mpesa/callback/:token',
        url: '/api/payments/mpesa/callback/{AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA}',
        body: {
          Body: {
            stkCallback: {
              MerchantRequestID: 'm-1',
              CheckoutRequestID: 'ws_CO_1',
              ResultCode: 0,
              ResultDesc: 'ok',
              CallbackMetadata: { Item: [{ Name: 'Amount', Value: 1 }] },
            },
          },
        },
      },
      // Meta's WhatsApp webhook (off in this server: its body is still checked first).
      {
        route: 'POST whatsapp/webhook',
        url: '/api/whatsapp/webhook',
        body: { object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: {} }] }] },
      },
      // Takes no input: nothing to spoil, listed so that every writing path is accounted for.
      { route: 'POST user/logout', url: '/api/user/logout' },
      // A multipart image, no text fields: its hostile files are media-server's upload tests.
      { route: 'POST media/upload', url: '/api/media/upload' },
      { route: 'POST media/lead-photo', url: '/api/media/lead-photo' },
      // A multipart video: how many frames to take is the one text input (its hostile files are car-server's spin-video test).
      { route: 'POST media/spin-video', url: '/api/media/spin-video', query: { frames: '36' } },
      { route: 'POST inspection-certificates', url: '/api/inspection-certificates' },
      { route: 'POST imports/:id/documents', url: `/api/imports/{${ids.car}}/documents`, query: { title: 'Bill of lading', shared: 'true' } },
      { route: 'GET imports/documents/:documentId', url: `/api/imports/documents/{${ids.car}}`, query: { token: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.c2lnbmF0dXJl' } },
      { route: 'GET inspection-certificates/:id', url: `/api/inspection-certificates/{${ids.car}}` },
      // A mail app's one-click unsubscribe: the token in the query (its form body says nothing more).
      { route: 'POST alerts/unsubscribe', url: '/api/alerts/unsubscribe', query: { token: 'u.0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.signature' } },
      { route: 'POST car/create-car', url: '/api/car/create-car', body: legacyCar },
      { route: 'PUT car/update-car/:id', url: `/api/car/update-car/{${ids.car}}`, body: { name: 'Toyota Vitz', price: '700000', description: 'Clean.' } },
      { route: 'DELETE car/delete-car/:id', url: `/api/car/delete-car/{${ids.car}}` },
      { route: 'DELETE car/delete-image/:carId', url: `/api/car/delete-image/{${ids.car}}`, query: { image: 'cars/toyota-vitz-0' } },
      {
        route: 'POST brand/create-brand',
        url: '/api/brand/create-brand',
        body: { name: 'Mazda', documents: [{ url: picture.url, public_id: picture.publicId }] },
      },
      { route: 'PUT brand/update-brand/:brandId', url: `/api/brand/update-brand/{${ids.brand}}`, body: { name: 'Toyota', description: 'Reliable.' } },
      { route: 'DELETE brand/delete-brand-image/:brandId', url: `/api/brand/delete-brand-image/{${ids.brand}}`, query: { image: 'brands/toyota' } },
      { route: 'DELETE brand/delete-brand/:brandId', url: `/api/brand/delete-brand/{${ids.brand}}` },
      { route: 'GET docs/:file', url: '/api/docs/{docs.js}' },
    ];
    return { trpc, rest };
  };

  /** Admin-only endpoints are called as the admin (a customer would be refused before validation). */
  const actorFor = (endpoint: string): Actor =>
    /setStatus|orderStatus|^order\.all$|^(car|brand)\.(create|update|remove|manage|forStaff|priceHistory|setSpin|clearSpin|costs|addCost|updateCost|removeCost|agedStockAlert|setAgedStockAlert|drafts|dismissDraft)|^audit\.|(create|update|delete)-(car|brand|image)|^lead\.(list)$|^setting\.(list|byId|create|update|remove)$|^testimonial\.(manage|create|update|remove)$|^message\.(list|resend)$|^staff\.|^user\.twoFactor(Setup|Enable)$|^lead\.(timeline|addNote|logContact|setFollowUp|assign|assignees|whatsapp|whatsappReply)$|^content\.update$|spin-video$|documents$|^inspection\.(cars|byCar|checklists|checklistInForce|createChecklist|record)$|^vehicleImport\.(board|byId|forLead|open|recordMilestone|recordPayment|setPrice|shareDocument|removeDocument|costsForChassis)$|^tradeInOffer\.(make|forLead)$/.test(
      endpoint,
    )
      ? 'admin'
      : 'customer';

  /** Control characters other than tab, newline and carriage return. */
  const CONTROL = ['\u0000', '\u0001', '\u001b', '\u007f'];
  const withControl = (text: string, control: string) => `${text.slice(0, 2)}${control}${text.slice(2)}`;

  const spoiltItem = (item: unknown, control: string): unknown =>
    typeof item === 'string'
      ? withControl(item, control)
      : typeof item === 'object' && item !== null && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).map(([key, v]) => [key, typeof v === 'string' ? withControl(v, control) : v]))
        : item;

  /** Each string field of `input` (array items included) with a control character in it, one at a time. */
  function* spoilt(input: Record<string, unknown>): Generator<[string, Record<string, unknown>]> {
    for (const [field, value] of Object.entries(input)) {
      // Passwords may hold any character but NUL (an existing password keeps working).
      for (const control of /password/i.test(field) ? ['\u0000'] : CONTROL) {
        if (typeof value === 'string') yield [field, { ...input, [field]: withControl(value, control) }];
        // Items of a list: strings, and the text fields of objects (pictures' `url` and `publicId`), so no spoilt list stays valid.
        if (Array.isArray(value)) yield [field, { ...input, [field]: value.map((v) => spoiltItem(v, control)) }];
      }
    }
  }

  it('has a template for every procedure and REST path that takes input', () => {
    const { trpc, rest } = templates();
    const procedures = app.get(AppRouterFactory).create()._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
    const withInput = Object.entries(procedures)
      .filter(([, procedure]) => procedure._def.inputs.length > 0)
      .map(([path]) => path)
      .sort();
    expect(Object.keys(trpc).sort()).toEqual(withInput);
    const restWithInput = declaredRestRoutes(app)
      .filter((r) => r.path.includes(':') || r.method === 'POST' || r.method === 'PUT' || r.route === 'GET car/getAll-car')
      .map((r) => r.route);
    expect(rest.map((r) => r.route).sort()).toEqual(restWithInput.sort());
  });

  it('answers 400 to a control character in any text field of any input, and changes nothing', async () => {
    const before = await snapshot();
    const { trpc, rest } = templates();
    const answers: string[] = [];
    for (const [path, input] of Object.entries(trpc)) {
      const type = (app.get(AppRouterFactory).create()._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]._def.type;
      for (const [field, spoiltInput] of spoilt(input)) {
        const json = JSON.stringify(spoiltInput);
        const res =
          type === 'query'
            ? await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(json)}`, headers: headers[actorFor(path)] })
            : await app.inject({
                method: 'POST',
                url: `/trpc/${path}`,
                headers: { ...headers[actorFor(path)], 'content-type': 'application/json' },
                payload: json,
              });
        answers.push(`${path}.${field} ${res.statusCode}`);
        expect({ call: `${path}.${field}`, status: res.statusCode }).toEqual({ call: `${path}.${field}`, status: 400 });
      }
    }
    for (const { route, url, body, query } of rest) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      const inputs: [string, { url: string; body?: Record<string, unknown> }][] = [];
      // Path params are marked {value} in the template url.
      const params = [...url.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
      const plainUrl = (u: string) => u.replace(/\{([^}]*)\}/g, '$1');
      for (const param of params)
        for (const control of CONTROL)
          inputs.push([`param ${param}`, { url: plainUrl(url.replace(`{${param}}`, encodeURIComponent(withControl(param, control)))), body }]);
      if (query)
        for (const [field, q] of spoilt(query)) inputs.push([field, { url: `${plainUrl(url)}?${new URLSearchParams(q as Record<string, string>)}`, body }]);
      if (body) for (const [field, b] of spoilt(body)) inputs.push([field, { url: plainUrl(url), body: b }]);
      for (const [field, input] of inputs) {
        const res = await app.inject({ method, url: input.url, headers: headers[actorFor(route)], payload: input.body });
        answers.push(`${route} ${field} ${res.statusCode}`);
        expect({ call: `${route} ${field}`, status: res.statusCode }).toEqual({ call: `${route} ${field}`, status: 400 });
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it(`answers ${RUNS} generated requests without a 5xx and without changing a row`, async () => {
    const before = await snapshot();
    // Not the live feed: it takes no input, and an admin's stream never ends (inject would wait for ever).
    const rest = declaredRestRoutes(app).filter((r) => r.route !== 'GET staff/events');
    // Not user.twoFactorSetup either: each call it allows rightly writes a new secret to enrol.
    const procedures = declaredProcedures(app).filter((p) => p.type !== 'subscription' && p.path !== 'user.twoFactorSetup');
    expect(rest.length).toBeGreaterThan(10);
    expect(procedures.length).toBeGreaterThan(10);

    const restRequest = fc.record({
      kind: fc.constant('rest' as const),
      route: fc.constantFrom(...rest),
      params: fc.array(urlPart, { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileString, { maxKeys: 4 }),
      body: hostileInput,
      rawBody: fc.option(fc.string({ unit: 'binary', maxLength: 200 }), { nil: undefined }),
    });
    const trpcRequest = fc.record({
      kind: fc.constant('trpc' as const),
      procedure: fc.constantFrom(...procedures),
      input: hostileInput,
      batch: fc.boolean(),
    });
    // Read-only queries with one field of a valid input replaced: hostile values reach past the
    // other fields' checks into the service and the database (a mutation's valid rest could write).
    const { trpc: validInputs } = templates();
    const queries = procedures.filter((p) => p.type === 'query' && validInputs[p.path]);
    const mutatedQuery = fc
      .constantFrom(...queries)
      .chain((procedure) =>
        fc.record({
          procedure: fc.constant(procedure),
          field: fc.oneof(fc.constantFrom(...Object.keys(validInputs[procedure.path])), fc.constantFrom(...FIELD_NAMES)),
          value: fc.oneof({ arbitrary: hostileString, weight: 3 }, { arbitrary: hostileValue, weight: 1 }),
          batch: fc.boolean(),
        }),
      )
      .map(({ procedure, field, value, batch }) => ({
        kind: 'trpc' as const,
        procedure,
        input: { ...validInputs[procedure.path], [field]: value } as unknown,
        batch,
      }));
    const request = fc.tuple(fc.oneof(restRequest, trpcRequest, mutatedQuery), fc.constantFrom<Actor>('guest', 'customer', 'admin'));

    const failures: string[] = [];
    let sent = 0;
    await fc
      .assert(
        fc.asyncProperty(request, async ([req, actor]) => {
          sent++;
          let description: string;
          let status: number;
          if (req.kind === 'rest') {
            let i = 0;
            const path = req.route.path.replace(/:[a-zA-Z]+/g, () => req.params[i++ % req.params.length]);
            const query = Object.entries(req.query)
              .map(([key, value]) => `${key}=${encodeURIComponent(wellFormed(value))}`)
              .join('&');
            const url = `${urlOfRoute(path)}${query ? `?${query}` : ''}`;
            const hasBody = req.route.method !== 'GET' && req.route.method !== 'DELETE';
            const payload = !hasBody ? undefined : (req.rawBody ?? JSON.stringify(req.body ?? null));
            const res = await app
              .inject({
                method: req.route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
                url,
                headers: { ...headers[actor], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
                payload,
              })
              .catch((error: unknown) => {
                // An answer the OpenAPI document does not describe (ContractViolationError), named in the report.
                failures.push(`${actor} ${req.route.method} ${url} ${String(payload).slice(0, 200)}: ${String(error)}`);
                throw error;
              });
            status = res.statusCode;
            description = `${actor} ${req.route.method} ${url} ${String(payload).slice(0, 200)} -> ${status} ${res.body.slice(0, 200)}`;
          } else {
            const { path, type } = req.procedure;
            const json = req.batch ? JSON.stringify({ 0: req.input ?? null }) : JSON.stringify(req.input ?? null);
            const url = `/trpc/${path}${req.batch ? '?batch=1' : ''}`;
            const res =
              type === 'query'
                ? await app.inject({
                    method: 'GET',
                    url: `${url}${req.batch ? '&' : '?'}input=${encodeURIComponent(wellFormed(json))}`,
                    headers: headers[actor],
                  })
                : await app.inject({ method: 'POST', url, headers: { ...headers[actor], 'content-type': 'application/json' }, payload: json });
            status = res.statusCode;
            description = `${actor} tRPC ${type} ${path} ${json.slice(0, 200)} -> ${status} ${res.body.slice(0, 200)}`;
          }
          if (status >= 500) failures.push(description);
          return status < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
      .catch((error: unknown) => {
        throw new Error(`${failures.join('\n')}\n${String(error)}`);
      });
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
