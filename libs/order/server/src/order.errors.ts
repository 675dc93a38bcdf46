import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class OrderNotFoundError extends DomainError {
  constructor(orderId: string) {
    super(ErrorCode.NotFound, `Order not found: ${orderId}`);
  }
}
