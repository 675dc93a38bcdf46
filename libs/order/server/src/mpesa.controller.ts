import { Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { text } from '@dealership/shared-schemas';
import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { MpesaDepositService } from './mpesa-deposit.service';

/** The callback's path: the secret issued for one request (32 random bytes, base64url). */
const CallbackParamsSchema = z.object({
  token: text()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'token must be the 43-character secret of an M-Pesa request' })
    .describe('The secret issued for one M-Pesa request'),
});

/**
 * What Daraja posts, in its documented shape: a body that is not one (or carries control
 * characters) is refused with 400, as Daraja never sends one. A well-formed body is then trusted
 * only when it names a request of ours (the service).
 */
const StkCallbackBodySchema = z
  .object({
    Body: z.object({
      stkCallback: z
        .object({
          MerchantRequestID: text(),
          CheckoutRequestID: text().min(1),
          ResultCode: z.coerce.number().int(),
          ResultDesc: text(),
          CallbackMetadata: z.object({ Item: z.array(z.object({ Name: text(), Value: z.union([text(), z.number()]).optional() })) }).optional(),
        })
        .loose(),
    }),
  })
  .loose()
  .meta({ id: 'MpesaStkCallback' });

/** What Daraja is told for every callback: received (it does not retry, and learns nothing of ours). */
export const MpesaCallbackAnswerSchema = z.strictObject({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });

/**
 * Daraja's M-Pesa Express callback (`MPESA_CALLBACK_URL` + `/api/payments/mpesa/callback/{token}`):
 * public, as Daraja signs nothing; what makes it trusted is the unguessable token in its path,
 * issued for one request, and the `CheckoutRequestID` that must name that request. Anything else
 * is logged and ignored, with the same answer.
 */
@Public()
@Controller('payments/mpesa')
export class MpesaController {
  constructor(private readonly deposits: MpesaDepositService) {}

  @Post('callback/:token')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'order',
    summary: "M-Pesa Express's result for one deposit request (Safaricom's Daraja calls it)",
    params: CallbackParamsSchema,
    body: { description: "Daraja's `{Body: {stkCallback: ...}}`.", json: StkCallbackBodySchema, required: false },
    responses: {
      200: { description: '`{ResultCode: 0, ResultDesc: "Accepted"}` for every callback in Daraja\'s shape: one not of ours is logged and ignored.', schema: MpesaCallbackAnswerSchema },
    },
  })
  async callback(@Param() params: unknown, @Body() body: unknown) {
    const { token } = parseOrThrow(CallbackParamsSchema, params);
    await this.deposits.mpesaCallback(token, parseOrThrow(StkCallbackBodySchema, body));
    return { ResultCode: 0, ResultDesc: 'Accepted' } as const;
  }
}
