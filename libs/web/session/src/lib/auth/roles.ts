import type { Role } from '@dealership/user-schemas';

// The values of `Role` from @dealership/user-schemas, pinned to it by `satisfies`: a change there
// fails the typecheck here. They are not imported as values because `Role` lives in
// user.schemas.ts beside the zod schemas, and importing anything from that module brings it, and
// zod, into the entry chunk of every page (about 24 kB gzip, over the bundle budget). Once `Role`
// has a zod-free module of its own, import it instead.

/** `Role.Admin`. */
export const ADMIN = 1 satisfies typeof Role.Admin;
/** `Role.User`. */
export const CUSTOMER = 0 satisfies typeof Role.User;
