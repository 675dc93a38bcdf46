// Kept apart from the zod schemas, so the web's entry chunk can use the role values without zod.

/** Role values as the legacy site stored them: 1 is an admin, anything else a customer. */
export const Role = { User: 0, Admin: 1 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/**
 * What a staff account (role 1) may do: an owner everything (staff, rates, site content, reports,
 * the audit log); sales the leads, the orders and the catalogue. Customers have none.
 */
export const STAFF_ROLES = ['owner', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff session ends after this many hours without a request (buyers keep the configured lifetime). */
export const STAFF_IDLE_HOURS = 12;
