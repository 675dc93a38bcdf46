/** An error as the logs may carry it: what failed and where, never the values it failed on. */
export interface SafeErrorLog {
  /** The error's class (`DrizzleQueryError`, `DatabaseError`, `TRPCError`, `TypeError`). */
  type: string;
  message: string;
  /** A PostgreSQL SQLSTATE (`22021`), a Node code (`ECONNREFUSED`) or a tRPC code. */
  code?: string;
  /** PostgreSQL's names of what a query ran into: identifiers, never values. */
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  /** Stack frames only: a stack's first line repeats the message. */
  stack?: string;
  cause?: SafeErrorLog;
}

const WITHHELD_QUERY = 'Failed query (SQL and parameters withheld)';
const MAX_MESSAGE = 300;
const MAX_FRAMES = 12;
const MAX_DEPTH = 4;

// Drizzle's `DrizzleQueryError` says `Failed query: <sql>\nparams: <values>`, and tRPC or Nest
// wrappers of it repeat that message; the parameters are request values (passwords included).
const QUERY_TEXT = /Failed query:|\nparams: /;

// A PostgreSQL error (`pg`'s DatabaseError, PGlite's): a SQLSTATE and a severity.
const isPostgresError = (error: Record<string, unknown>) =>
  typeof error['code'] === 'string' && /^[0-9A-Z]{5}$/.test(error['code']) && typeof error['severity'] === 'string';

/**
 * A message safe to log. PostgreSQL puts the offending value after a colon
 * (`invalid input syntax for type uuid: "x"`, `invalid byte sequence for encoding "UTF8": 0x00`),
 * so only the part before it is kept; query texts are withheld.
 */
export function safeErrorMessage(message: string, fromPostgres = false): string {
  if (QUERY_TEXT.test(message)) return WITHHELD_QUERY;
  const kept = fromPostgres ? message.split(': ')[0] : message;
  return kept.length > MAX_MESSAGE ? `${kept.slice(0, MAX_MESSAGE)}…` : kept;
}

/** The frames of a stack, without its first line(s) (they repeat the message). */
export function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.slice(0, MAX_FRAMES).join('\n') : undefined;
}

/**
 * What the logs say about a thrown value: its class, code, a safe message, stack frames and the
 * same for its cause; never a Drizzle query's SQL and parameters, nor any other property of the
 * error (`params`, `query`, a request body), nor a thrown non-error value. It is pino's `err`
 * serializer, so every `logger.error({ err })` goes through it.
 */
export function safeError(error: unknown, depth = 0): SafeErrorLog {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: '[a thrown non-error value, withheld]' };
  const fields = error as Record<string, unknown>;
  const fromPostgres = isPostgresError(fields);
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  // PGlite's bundle minifies its error class's name; `pg` calls it DatabaseError.
  const type = fromPostgres
    ? 'DatabaseError'
    : typeof constructorName === 'string' && constructorName !== 'Object'
      ? constructorName
      : typeof fields['name'] === 'string'
        ? fields['name']
        : 'Error';
  const log: SafeErrorLog = { type, message: safeErrorMessage(typeof fields['message'] === 'string' ? fields['message'] : '', fromPostgres) };
  if (typeof fields['code'] === 'string' || typeof fields['code'] === 'number') log.code = String(fields['code']);
  if (fromPostgres) {
    for (const key of ['constraint', 'table', 'column'] as const) if (typeof fields[key] === 'string') log[key] = fields[key];
  }
  if (typeof fields['statusCode'] === 'number') log.statusCode = fields['statusCode'];
  const stack = stackFrames(fields['stack']);
  if (stack) log.stack = stack;
  if (fields['cause'] !== undefined && depth < MAX_DEPTH) log.cause = safeError(fields['cause'], depth + 1);
  return log;
}

/** One line for Nest's text logger: `DrizzleQueryError: Failed query (...) <- DatabaseError [22021]: invalid byte sequence...`. */
export function safeErrorText(error: unknown): string {
  const parts: string[] = [];
  for (let log: SafeErrorLog | undefined = safeError(error); log; log = log.cause) parts.push(`${log.type}${log.code ? ` [${log.code}]` : ''}: ${log.message}`);
  return parts.join(' <- ');
}
