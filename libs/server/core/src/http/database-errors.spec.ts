import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { DatabaseUnavailableError, isDatabaseUnavailable, mapDatabaseError } from './database-errors';
import { LegacyExceptionFilter } from './legacy-exception.filter';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// What Drizzle throws around a driver error.
const drizzleWrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a terminated backend (pg_terminate_backend, restart)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crashed server', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a closed PGlite', new Error('PGlite is closed')],
    [
      'any refusal while getting a connection (ALLOW_CONNECTIONS false)',
      new Error('Could not get a database connection', { cause: withCode('database "d" is not currently accepting connections', '55000') }),
    ],
    ['both addresses refused', Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), { code: undefined })],
  ])('recognises %s, also wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(drizzleWrapped(error)))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain error', new Error('boom')],
    ['a string', 'Connection terminated'],
    ['null', null],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(drizzleWrapped(error))).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('mapDatabaseError', () => {
  it('turns an outage into a 503 domain error with a retry delay', () => {
    const cause = drizzleWrapped(withCode('terminating connection due to administrator command', '57P01'));
    const mapped = mapDatabaseError(cause);
    expect(mapped).toBeInstanceOf(DatabaseUnavailableError);
    expect(mapped).toMatchObject({
      code: ErrorCode.Unavailable,
      retryAfterSeconds: 5,
      message: 'The service is temporarily unavailable, please try again shortly',
    });
    expect((mapped as Error).cause).toBe(cause);
  });

  it('passes other errors through untouched', () => {
    const error = new Error('boom');
    expect(mapDatabaseError(error)).toBe(error);
    const domain = new DomainError(ErrorCode.NotFound, 'Car not found');
    expect(mapDatabaseError(domain)).toBe(domain);
  });
});

describe('LegacyExceptionFilter and an outage', () => {
  it('answers 503 with Retry-After and the legacy body, never the driver text, without an error log', () => {
    const headers: Record<string, string> = {};
    let sent: { status?: number; body?: unknown } = {};
    const reply = {
      header: (name: string, value: string) => ((headers[name] = value), reply),
      status: (status: number) => ((sent = { ...sent, status }), reply),
      send: (body: unknown) => ((sent = { ...sent, body }), reply),
    };
    const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({}) }) };
    const filter = new LegacyExceptionFilter();
    const logged = jest.spyOn((filter as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => undefined);
    filter.catch(drizzleWrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')), host as never);
    expect(sent).toEqual({ status: 503, body: { success: false, message: 'The service is temporarily unavailable, please try again shortly' } });
    expect(headers['retry-after']).toBe('5');
    // Not one error log per request during an outage (the pool and /health/ready report it).
    expect(logged).not.toHaveBeenCalled();
  });
});
