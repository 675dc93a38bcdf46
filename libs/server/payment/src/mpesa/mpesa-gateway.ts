import type { MpesaConfig } from '@dealership/server-core';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { DarajaClient, DarajaRejectedError, DarajaUnavailableError, type StkPushAccepted, type StkQueryResult } from './daraja-client';

/** Nest token of the `MpesaGateway` orders ask deposits through. */
export const MPESA_GATEWAY = Symbol('MPESA_GATEWAY');

/** The path Daraja calls back, under `MPESA_CALLBACK_URL`; the push's secret token goes after it. */
export const MPESA_CALLBACK_PATH = '/api/payments/mpesa/callback';

/** M-Pesa is not configured: the buyer reserves and pays at the showroom. */
export class MpesaPaymentsDisabledError extends DomainError {
  constructor() {
    super(ErrorCode.Unavailable, 'M-Pesa payments are not available; your reservation holds the car, pay the deposit at the showroom');
  }
}

/** Daraja failed or did not answer: no prompt was sent (or none we can know of). */
export class MpesaUnavailableError extends DomainError {
  constructor() {
    super(ErrorCode.Unavailable, 'M-Pesa is not answering right now; nothing was requested from your phone. Please try again in a minute');
  }
}

/** Daraja refused the request itself (the number, the amount): no prompt was sent. */
export class MpesaRejectedError extends DomainError {
  constructor(detail: string) {
    super(ErrorCode.BadRequest, `M-Pesa refused the request (${detail}); check the number and try again`);
  }
}

/** One deposit request: the amount is whole KES from the database, never the client's figure. */
export interface MpesaPushRequest {
  amountKes: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX (Daraja's form, no plus). */
  phone: string;
  /** Shown on the buyer's phone and the dealer's statement: our order number. */
  accountReference: string;
  description: string;
  /** The push's secret: Daraja calls `MPESA_CALLBACK_URL` + the callback path + this. */
  callbackToken: string;
}

/**
 * M-Pesa Express (STK push), behind the payment port as Braintree is: Daraja through our client
 * when `MPESA_*` is set, otherwise a gateway that says M-Pesa is off. Orders never talk to Daraja
 * directly. Errors are the domain's: 503 when off or Daraja fails, 400 when Daraja refuses.
 */
export interface MpesaGateway {
  readonly enabled: boolean;
  stkPush(request: MpesaPushRequest): Promise<StkPushAccepted>;
  /** What became of a push (Daraja's STK query); throws `MpesaUnavailableError` when it cannot be asked. */
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

export class DisabledMpesaGateway implements MpesaGateway {
  readonly enabled = false;
  stkPush(): Promise<StkPushAccepted> {
    return Promise.reject(new MpesaPaymentsDisabledError());
  }
  stkQuery(): Promise<StkQueryResult> {
    return Promise.reject(new MpesaPaymentsDisabledError());
  }
}

/** Daraja's numbers have no plus: +254712345678 -> 254712345678. */
export const darajaPhone = (phone: string) => phone.replace(/^\+/, '');

export class DarajaMpesaGateway implements MpesaGateway {
  readonly enabled = true;
  private readonly client: DarajaClient;

  constructor(
    private readonly config: MpesaConfig,
    now?: () => Date,
  ) {
    this.client = new DarajaClient(config, now);
  }

  async stkPush({ amountKes, phone, accountReference, description, callbackToken }: MpesaPushRequest): Promise<StkPushAccepted> {
    try {
      return await this.client.stkPush({
        amountKes,
        phone: darajaPhone(phone),
        accountReference,
        description,
        callbackUrl: `${this.config.callbackBaseUrl}${MPESA_CALLBACK_PATH}/${callbackToken}`,
      });
    } catch (error) {
      throw this.domainError(error);
    }
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    try {
      return await this.client.stkQuery(checkoutRequestId);
    } catch (error) {
      throw this.domainError(error);
    }
  }

  private domainError(error: unknown): Error {
    if (error instanceof DarajaRejectedError) return new MpesaRejectedError(error.message);
    if (error instanceof DarajaUnavailableError) {
      // The cause (which call, what status) is for the log; the buyer reads the plain message.
      return Object.assign(new MpesaUnavailableError(), { cause: error });
    }
    return error as Error;
  }
}

/** Daraja when `MPESA_*` is configured, otherwise M-Pesa is off. */
export function createMpesaGateway(config: { mpesa: MpesaConfig | null }): MpesaGateway {
  return config.mpesa ? new DarajaMpesaGateway(config.mpesa) : new DisabledMpesaGateway();
}
