import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class OrderNotFoundError extends DomainError {
  constructor(orderId: string) {
    super(ErrorCode.NotFound, `Order not found: ${orderId}`);
  }
}

/** A registered payable (an import) or one of its payments that is not there: not an order, so not named one. */
export class PayableNotFoundError extends DomainError {
  constructor(what: string) {
    super(ErrorCode.NotFound, `Not found: ${what}`);
  }
}

/** A car of the order and why it cannot be ordered: its name when it still exists, its status. */
export interface UnavailableCar {
  id: string;
  name?: string;
  status?: string;
}

const describeCar = ({ id, name, status }: UnavailableCar) => (name ? `${name} (${status ?? 'taken'})` : `${id} (no longer in the catalogue)`);

/** Some of the cars are not Available (reserved or sold in another order) or were deleted: nothing was ordered. */
export class CarsUnavailableError extends DomainError {
  constructor(readonly cars: UnavailableCar[]) {
    super(
      ErrorCode.Conflict,
      cars.length === 1
        ? `This car is no longer available: ${describeCar(cars[0])}`
        : `These cars are no longer available: ${cars.map(describeCar).join(', ')}`,
      'carIds',
    );
  }
}

/** A repeated submit while the first one's card sale is still under way. */
export class OrderInProgressError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'This order is already being processed');
  }
}

/** A cancelled order cannot be re-opened while another order holds one of its cars. */
export class OrderCarsTakenError extends DomainError {
  constructor(cars: { name: string }[]) {
    super(ErrorCode.Conflict, `Another order holds ${cars.map((car) => car.name).join(', ')} now; this order stays cancelled`, 'status');
  }
}

/** The signed-in buyer's account is gone (deleted since the token was issued). */
export class BuyerNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.Unauthorized, 'Please log in');
  }
}

/** A buyer who already holds the most reservations without a deposit that the rules in force allow. */
export class UnpaidReservationsLimitError extends DomainError {
  constructor(readonly limit: number) {
    super(
      ErrorCode.Conflict,
      `You already have ${limit === 1 ? 'a reservation' : `${limit} reservations`} without a deposit, the most we hold for one buyer. Call or visit us to pay a deposit on one, or to cancel one, before reserving another car.`,
    );
  }
}

/** A reservation would hold more cars without a deposit than the rules allow, for the account or for its network. */
export class UnpaidCarsLimitError extends DomainError {
  constructor(
    readonly limit: number,
    readonly per: 'buyer' | 'address',
  ) {
    super(
      ErrorCode.Conflict,
      per === 'buyer'
        ? `You can hold at most ${limit === 1 ? 'one car' : `${limit} cars`} without a deposit. Pay a deposit on a car you hold, or cancel a reservation, before reserving more.`
        : `At most ${limit === 1 ? 'one car' : `${limit} cars`} can be held without a deposit from one internet connection. Pay a deposit on a car already held, or call us to reserve.`,
    );
  }
}

const DEPOSIT_NOT_DUE: Record<'no-deposit' | 'paid' | 'closed', string> = {
  'no-deposit': 'This order takes no deposit: it is paid in full or has no deposit set',
  paid: 'The deposit of this order is paid already',
  closed: 'This order is cancelled or delivered: no deposit is due',
};

/** A deposit was asked for an order that has none due. */
export class DepositNotDueError extends DomainError {
  constructor(reason: keyof typeof DEPOSIT_NOT_DUE) {
    super(ErrorCode.Conflict, DEPOSIT_NOT_DUE[reason], 'orderId');
  }
}

/** An error's message for a log line (anything thrown, not only Errors). */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A trade-in offer asked for at checkout that cannot be credited (not the buyer's, not accepted, past its last day, used). */
export class TradeInCreditUnavailableError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'This trade-in offer can no longer be used: it has ended or is on another order', 'tradeInOfferId');
  }
}

/** A card payment whose trade-in credit leaves nothing to charge. */
export class TradeInCreditCoversCardError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'Your trade-in credit covers the whole price: choose to reserve instead of paying by card', 'tradeInOfferId');
  }
}
