import { z } from 'zod';

/** The legacy success envelope of a call that returns nothing else: `{success:true, message}`. */
export const LegacyMessageBodySchema = z.strictObject({ success: z.literal(true), message: z.string() }).meta({ id: 'LegacyMessage' });
export type LegacyMessageBody = z.infer<typeof LegacyMessageBodySchema>;
