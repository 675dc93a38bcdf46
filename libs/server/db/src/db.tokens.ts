/** Injection token of the Drizzle `Database`. */
export const DB = Symbol('DB');
/** Injection token of the `DatabaseHandle` (engine, ping, close). */
export const DB_HANDLE = Symbol('DB_HANDLE');
