import type { MpesaConfig } from '@dealership/server-core';
import { nairobiTimestamp } from '@dealership/shared-util';
import { z } from 'zod';

// A small typed client of the Daraja endpoints M-Pesa Express needs (OAuth token, STK push, STK
// query), written here rather than taken from the registry: the Daraja packages there are
// unmaintained (mpesa-api's last release is from January 2021, mpesa-node's depends on axios 0.18)
// and hard-code Safaricom's two hosts, so they cannot be pointed at a loopback stub in tests
// (README, "Payments"). Node's fetch and zod are all it needs.

/** Daraja failed, refused our credentials, timed out or answered something we cannot read: the request's fate is unknown. */
export class DarajaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DarajaUnavailableError';
  }
}

/** Daraja refused the request itself (an invalid number, amount or shortcode): no prompt was sent. */
export class DarajaRejectedError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'DarajaRejectedError';
  }
}

/** A push Daraja accepted: the prompt is on its way to the phone. */
export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/** What the STK query knows of a push: still waiting for the buyer, or finished with a result code. */
export type StkQueryResult = { state: 'pending' } | { state: 'finished'; resultCode: number; resultDesc: string };

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().int().positive() });
const FaultSchema = z.object({ errorCode: z.string(), errorMessage: z.string() });
const PushSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.string(),
  CustomerMessage: z.string().optional(),
  ResponseDescription: z.string().optional(),
});
const QuerySchema = z.object({ ResultCode: z.coerce.number().int(), ResultDesc: z.string() });

/** Daraja's code for "ask again later": the buyer has not answered the prompt yet. */
const STILL_PROCESSING = '500.001.1001';
/** Tokens are renewed this long before Daraja says they expire (a request in flight must not carry a dead one). */
const TOKEN_MARGIN_MS = 60_000;

/** Daraja's `Timestamp` (Nairobi time), which its password is made with. */
export const darajaTimestamp = (date: Date): string => nairobiTimestamp(date);

/** base64(shortcode + passkey + timestamp): the `Password` of an STK push and query. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

/**
 * Daraja's M-Pesa Express endpoints. The access token is cached until a minute before it expires
 * and fetched once for concurrent callers; a call answered 401 (a token revoked early) gets a new
 * token and is tried once more. Every call is bounded by `timeoutMs`.
 */
export class DarajaClient {
  private token?: { value: string; expiresAt: number };
  private tokenRequest?: Promise<string>;

  constructor(
    private readonly config: Pick<MpesaConfig, 'consumerKey' | 'consumerSecret' | 'shortcode' | 'passkey' | 'apiUrl' | 'timeoutMs'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Sends the PIN prompt to `phone` (2547XXXXXXXX or 2541XXXXXXXX) for `amountKes`, paid to our shortcode. */
  async stkPush(request: { amountKes: number; phone: string; accountReference: string; description: string; callbackUrl: string }): Promise<StkPushAccepted> {
    const timestamp = darajaTimestamp(this.now());
    const body = await this.post('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: this.config.shortcode,
      Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: request.amountKes,
      PartyA: request.phone,
      PartyB: this.config.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      // Daraja shows at most 12 characters of the reference and 13 of the description on the phone.
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    });
    const accepted = PushSchema.safeParse(body);
    if (!accepted.success) throw new DarajaUnavailableError('Daraja answered the STK push with an unexpected body');
    if (accepted.data.ResponseCode !== '0') throw new DarajaRejectedError(accepted.data.ResponseCode, accepted.data.ResponseDescription ?? 'refused');
    return {
      merchantRequestId: accepted.data.MerchantRequestID,
      checkoutRequestId: accepted.data.CheckoutRequestID,
      customerMessage: accepted.data.CustomerMessage ?? '',
    };
  }

  /** What became of a push: pending while the buyer has not answered, else its result code. */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const timestamp = darajaTimestamp(this.now());
    try {
      const body = await this.post('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: this.config.shortcode,
        Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      });
      const result = QuerySchema.safeParse(body);
      if (!result.success) throw new DarajaUnavailableError('Daraja answered the STK query with an unexpected body');
      return { state: 'finished', resultCode: result.data.ResultCode, resultDesc: result.data.ResultDesc };
    } catch (error) {
      if (error instanceof DarajaRejectedError && error.errorCode === STILL_PROCESSING) return { state: 'pending' };
      throw error;
    }
  }

  private async post(path: string, payload: Record<string, unknown>, retried = false): Promise<unknown> {
    const token = await this.accessToken();
    const response = await this.call(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.status === 401 && !retried) {
      this.token = undefined;
      return this.post(path, payload, true);
    }
    return this.read(path, response);
  }

  /** The cached token, or a new one (one request for all concurrent callers). */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now().getTime()) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64');
        const response = await this.call('/oauth/v1/generate?grant_type=client_credentials', { method: 'GET', headers: { authorization: `Basic ${basic}` } });
        const body = await this.read('/oauth/v1/generate', response);
        const token = TokenSchema.safeParse(body);
        if (!token.success) throw new DarajaUnavailableError('Daraja answered the token request with an unexpected body');
        this.token = { value: token.data.access_token, expiresAt: this.now().getTime() + token.data.expires_in * 1000 };
        return token.data.access_token;
      } catch (error) {
        // Bad credentials are our configuration's fault, not the buyer's: no prompt could be sent.
        if (error instanceof DarajaRejectedError) throw new DarajaUnavailableError(`Daraja refused our credentials (${error.errorCode}): check MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET`);
        throw error;
      } finally {
        this.tokenRequest = undefined;
      }
    })();
    return this.tokenRequest;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.config.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      // A DOMException (not always an `Error` of this realm): read its name.
      const reason = (error as { name?: unknown } | null)?.name === 'TimeoutError' ? `no answer within ${this.config.timeoutMs} ms` : 'the connection failed';
      throw new DarajaUnavailableError(`Daraja could not be reached (${path.split('?')[0]}): ${reason}`);
    }
  }

  /** The JSON body of a 2xx; a documented fault (`errorCode`) on a 4xx, or on the query's "still processing" 500, is a refusal; anything else is Daraja failing. */
  private async read(path: string, response: Response): Promise<unknown> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.ok) return body;
    const fault = FaultSchema.safeParse(body);
    if (fault.success && (response.status < 500 || fault.data.errorCode === STILL_PROCESSING)) throw new DarajaRejectedError(fault.data.errorCode, fault.data.errorMessage);
    throw new DarajaUnavailableError(`Daraja answered ${response.status} to ${path}${fault.success ? ` (${fault.data.errorCode} ${fault.data.errorMessage})` : ''}`);
  }
}
