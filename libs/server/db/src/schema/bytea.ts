import { customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's bytea, which Drizzle has no column of its own for: a Buffer in, a Buffer out
 * (PGlite answers a Uint8Array). For files a domain keeps privately (certificates, import papers).
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
