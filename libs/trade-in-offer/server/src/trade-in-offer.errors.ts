import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** No such offer (or a link that is not one of ours: `field` says which input). */
export class TradeInOfferNotFoundError extends DomainError {
  constructor(field = 'id') {
    super(ErrorCode.NotFound, 'Offer not found', field);
  }
}
