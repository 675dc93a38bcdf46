import { Public } from '@dealership/server-auth';
import { RestRoute } from '@dealership/server-openapi';
import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { OrderService } from './order.service';

/** The callback's path: the secret issued for one request (43 base64url characters; anything else is ignored all the same). */
const CallbackParamsSchema = z.object({ token: z.string().max(200).describe('The secret issued for one M-Pesa request') });

/** What Daraja posts (its documented shape; read leniently, trusted only when it matches a request of ours). */
const StkCallbackBodySchema = z
  .object({ Body: z.object({ stkCallback: z.object({ MerchantRequestID: z.string(), CheckoutRequestID: z.string(), ResultCode: z.number(), ResultDesc: z.string() }).loose() }) })
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
  constructor(private readonly orders: OrderService) {}

  @Post('callback/:token')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'order',
    summary: "M-Pesa Express's result for one deposit request (Safaricom's Daraja calls it)",
    params: CallbackParamsSchema,
    body: { description: "Daraja's `{Body: {stkCallback: ...}}`.", json: StkCallbackBodySchema, required: false },
    responses: { 200: { description: 'Always `{ResultCode: 0, ResultDesc: "Accepted"}`: a callback not of ours is ignored.', schema: MpesaCallbackAnswerSchema } },
  })
  async callback(@Param('token') token: string, @Body() body: unknown) {
    await this.orders.mpesaCallback(token, body);
    return { ResultCode: 0, ResultDesc: 'Accepted' } as const;
  }
}
