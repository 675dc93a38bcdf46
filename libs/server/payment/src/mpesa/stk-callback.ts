import { z } from 'zod';

/** What Daraja's callback says of one push, in our words. */
export interface StkCallbackResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** On success only: the M-Pesa receipt, the amount paid and the number that paid. */
  receipt?: string;
  amountKes?: number;
  phone?: string;
}

const ItemSchema = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const CallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(ItemSchema) }).optional(),
    }),
  }),
});

/**
 * Reads the body Daraja posts to the push's `CallBackURL` (`{Body: {stkCallback: {...}}}`, with
 * `CallbackMetadata.Item` of Amount, MpesaReceiptNumber, TransactionDate and PhoneNumber on
 * success). `undefined` for anything else: the caller answers it and trusts nothing in it.
 */
export function parseStkCallback(body: unknown): StkCallbackResult | undefined {
  const parsed = CallbackSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const callback = parsed.data.Body.stkCallback;
  const item = (name: string) => callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
  const amount = item('Amount');
  const receipt = item('MpesaReceiptNumber');
  const phone = item('PhoneNumber');
  return {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
    receipt: receipt === undefined ? undefined : String(receipt),
    amountKes: amount === undefined ? undefined : Number(amount),
    phone: phone === undefined ? undefined : String(phone),
  };
}

/** The result codes a buyer is told about in their own words (Daraja's STK push documentation). */
export const MPESA_RESULT_MESSAGES: Readonly<Record<number, string>> = {
  0: 'Paid. Thank you: your M-Pesa payment is received.',
  1: 'Your M-Pesa balance is not enough for this deposit. Top up and try again, or choose another way to pay.',
  1032: 'You cancelled the M-Pesa request on your phone. Nothing was paid; you can try again.',
  1037: 'Your phone could not be reached or the M-Pesa request timed out. Check that your phone is on and try again.',
  2001: 'The M-Pesa PIN entered was wrong. Nothing was paid; you can try again.',
};

/**
 * A finished push's result code as a metric's outcome (`GET /metrics`): the codes Daraja documents
 * by name, and `other` for the rest, so a new code never makes a series of its own.
 */
export function mpesaResultOutcome(resultCode: number): 'paid' | 'insufficient_funds' | 'cancelled' | 'timed_out' | 'wrong_pin' | 'other' {
  switch (resultCode) {
    case 0:
      return 'paid';
    case 1:
      return 'insufficient_funds';
    case 1032:
      return 'cancelled';
    case 1037:
      return 'timed_out';
    case 2001:
      return 'wrong_pin';
    default:
      return 'other';
  }
}

/** What the buyer reads for a finished push's result code; any code not listed gets a generic message. */
export function mpesaResultMessage(resultCode: number): string {
  return MPESA_RESULT_MESSAGES[resultCode] ?? 'M-Pesa could not complete the payment. Nothing was paid; please try again or call us.';
}
