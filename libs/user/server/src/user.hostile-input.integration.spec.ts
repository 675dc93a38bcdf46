import { createModuleTestApp } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UserModule } from './user.module';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PASSWORD = 'correct-horse-battery';
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085'];

/** Account paths with control characters in every free-text field (integration: real HTTP, real database). */
describe('account inputs with control characters (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let nextIp = 0;

  const send = (method: 'POST' | 'PUT', url: string, body: unknown, token?: string) =>
    app.inject({
      method,
      url,
      payload: body as Record<string, unknown>,
      remoteAddress: `10.9.0.${++nextIp % 250}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const account = (n: number) => ({
    name: 'Amina Otieno',
    email: `amina${n}@example.co.ke`,
    password: PASSWORD,
    phone: '0712345678',
    address: 'Nyali, Mombasa',
  });

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [UserModule], { userLookup: 'provided', env: { JWT_SECRET: SECRET } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('register: a control character in any field is a 400 naming it, and no account is created', async () => {
    const before = await handle.db.$count(users);
    let n = 0;
    for (const field of ['name', 'email', 'phone', 'address'] as const) {
      for (const control of CONTROLS) {
        const body = account(++n);
        const res = await send('POST', '/api/user/register', { ...body, [field]: `${body[field]}${control}` });
        expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
        expect(res.json()).toMatchObject({ success: false, message: `${field} must not contain control characters` });
      }
    }
    const nul = await send('POST', '/api/user/register', { ...account(++n), password: `${PASSWORD}\u0000` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('password must not contain a NUL character');
    // (The test app may have created its development admin at start.)
    expect(await handle.db.$count(users)).toBe(before);
  });

  it('login and profile update: 400 naming the field; passwords keep other control characters', async () => {
    const login = await send('POST', '/api/user/login', { email: 'amina@example.co.ke\u0000', password: PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('email must not contain control characters');
    expect((await send('POST', '/api/user/login', { email: 'amina@example.co.ke', password: 'x\u0000' })).json().message).toBe(
      'password must not contain a NUL character',
    );

    const password = 'bell\u0007 and tab\t pass';
    expect((await send('POST', '/api/user/register', { ...account(1000), password })).statusCode).toBe(201);
    const session = await send('POST', '/api/user/login', { email: account(1000).email, password });
    expect(session.statusCode).toBe(200);
    const { token } = session.json();
    const { password: _password, ...profile } = account(1000);
    for (const field of ['name', 'email', 'phone', 'address'] as const) {
      const res = await send('PUT', '/api/user/profileUpdate', { ...profile, [field]: `${profile[field]}\u0000` }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: `${field} must not contain control characters`,
        error: `${field} must not contain control characters`,
      });
    }
  });
});
