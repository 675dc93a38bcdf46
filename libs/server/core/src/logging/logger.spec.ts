import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, PinoNestLogger } from './logger';
import { safeError, safeErrorText } from './safe-error';

/** A PostgreSQL error as `pg` and PGlite raise it: SQLSTATE, severity, and a detail with the row's values. */
function postgresError(message: string, code: string, extra: Record<string, string> = {}) {
  return Object.assign(new Error(message), { code, severity: 'ERROR', detail: 'Failing row contains (Sekret, hunter2)', ...extra });
}

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join(''), entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('safeError', () => {
  it("keeps a Drizzle error's class, the driver's SQLSTATE and names, never the SQL, its parameters or the row", () => {
    const cause = postgresError('new row for relation "users" violates check constraint "users_name_check"', '23514', {
      constraint: 'users_name_check',
      table: 'users',
    });
    const error = new DrizzleQueryError('insert into "users" ("name", "email") values ($1, $2)', ['Sekret', 'hunter2@example.test'], cause);
    const log = safeError(error);
    expect(log).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query (SQL and parameters withheld)',
      cause: {
        type: 'DatabaseError',
        code: '23514',
        constraint: 'users_name_check',
        table: 'users',
        message: 'new row for relation "users" violates check constraint "users_name_check"',
      },
    });
    const text = JSON.stringify(log) + safeErrorText(error);
    for (const value of ['Sekret', 'hunter2', 'insert into', 'params']) expect(text).not.toContain(value);
    expect(log.stack).toMatch(/^\s+at /);
  });

  it("cuts PostgreSQL's value off its message, and withholds wrappers that repeat a query's message", () => {
    expect(safeError(postgresError('invalid input syntax for type uuid: "Sekret"', '22P02')).message).toBe('invalid input syntax for type uuid');
    expect(safeError(postgresError('invalid byte sequence for encoding "UTF8": 0x00', '22021')).message).toBe('invalid byte sequence for encoding "UTF8"');
    expect(safeError(new Error('Failed query: select 1\nparams: hunter2')).message).toBe('Failed query (SQL and parameters withheld)');
    expect(safeError('hunter2')).toEqual({ type: 'string', message: '[a thrown non-error value, withheld]' });
    // Other properties of an error (a request body, a query's parameters) are never copied.
    expect(JSON.stringify(safeError(Object.assign(new TypeError('boom'), { params: ['hunter2'], body: { password: 'hunter2' } })))).not.toContain('hunter2');
  });
});

describe('createLogger', () => {
  it('redacts authorization, cookies, set-cookie, passwords, tokens and payment secrets wherever they are', () => {
    const { logger, text, entries } = capture();
    logger.info({ req: { headers: { authorization: 'Bearer tok_1', cookie: 'session=tok_2' } } }, 'one');
    logger.info({ res: { headers: { 'set-cookie': 'session=tok_3' } } }, 'two');
    logger.info({ password: 'hunter2', token: 'tok_4', body: { password: 'hunter3', currentPassword: 'hunter4', token: 'tok_5' } }, 'three');
    logger.info({ input: { user: { password: 'hunter5', authorization: 'tok_6' } } }, 'four');
    logger.info({ headers: { authorization: 'tok_7', cookie: 'tok_8' } }, 'five');
    // Payment secrets: the gateway's private key and a card's one-time nonce.
    logger.info({ braintree: { merchantId: 'dealer', privateKey: 'pk_9' }, payment: { nonce: 'nonce_10' }, paymentMethodNonce: 'nonce_11' }, 'six');
    for (const secret of [
      'tok_1',
      'tok_2',
      'tok_3',
      'hunter2',
      'tok_4',
      'hunter3',
      'hunter4',
      'tok_5',
      'hunter5',
      'tok_6',
      'tok_7',
      'tok_8',
      'pk_9',
      'nonce_10',
      'nonce_11',
    ]) {
      expect(text()).not.toContain(secret);
    }
    expect(entries()[2]).toMatchObject({ password: '[redacted]', body: { password: '[redacted]', currentPassword: '[redacted]' } });
  });

  it('logs requests without their query string, and every `err` through safeError', () => {
    const { logger, text } = capture();
    logger.info({ req: { method: 'GET', url: '/trpc/car.list?input=%7B%22search%22%3A%22Sekret%22%7D', headers: {} } }, 'incoming request');
    logger.error({ err: new DrizzleQueryError('select 1 where name = $1', ['Sekret'], postgresError('boom: Sekret', '22021')) }, 'failed');
    expect(text()).toContain('"url":"/trpc/car.list"');
    expect(text()).toContain('22021');
    expect(text()).not.toContain('Sekret');
  });

  it("never logs a token in a URL's path (the M-Pesa callback's secret), and keeps slugs and file names", () => {
    const { logger, text, entries } = capture();
    const token = 'q3Zt8Lw0_xB-5kPmR2vYcN7dHs1fJ9gAeU4oTiKlW6E';
    logger.info({ req: { method: 'POST', url: `/api/payments/mpesa/callback/${token}`, headers: {} } }, 'incoming request');
    logger.error({ url: `/api/payments/mpesa/callback/${token}?x=1` }, 'failed');
    const kept = ['/car/toyota-land-cruiser-prado-2019-tx-l-package-white', '/media/cars/0f8e5c3a-2b1d-4c6e-9a7f-3d2e1b0c9a8f-1280.webp'];
    for (const url of kept) logger.info({ req: { method: 'GET', url, headers: {} } }, 'incoming request');
    expect(text()).not.toContain(token);
    expect(entries().map((entry) => (entry['req'] as { url?: string } | undefined)?.url ?? entry['url'])).toEqual([
      '/api/payments/mpesa/callback/[redacted]',
      '/api/payments/mpesa/callback/[redacted]',
      ...kept,
    ]);
  });
});

describe('client aborts', () => {
  it('logs a compressed response the client stopped reading as info, and real errors still as errors', () => {
    const { logger, entries } = capture();
    // What @fastify/compress does when the browser navigates away mid-download (end-of-stream's error).
    logger.child({ reqId: 'req-1' }).error(new Error('premature close'));
    logger.error(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    logger.error(new Error('disk full'));
    expect(entries().map((e) => [e['level'], e['msg']])).toEqual([
      [30, 'compressed response closed early by the client'],
      [30, 'compressed response closed early by the client'],
      [50, 'disk full'],
    ]);
    expect(entries()[0]['reqId']).toBe('req-1');
  });
});

describe('PinoNestLogger', () => {
  it("never passes a query's text or a stack's message line on from Nest's text messages", () => {
    const { logger, text } = capture();
    const nest = new PinoNestLogger(logger);
    const error = new DrizzleQueryError('select $1', ['Sekret'], postgresError('boom', '22021'));
    nest.error(`${error.message}`, error.stack, 'HTTP');
    nest.error(error);
    expect(text()).toContain('Failed query (SQL and parameters withheld)');
    expect(text()).not.toContain('Sekret');
  });
});
