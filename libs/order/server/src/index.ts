export { OrderModule } from './order.module';
export { OrderRouter } from './order.router';
export { MpesaDepositService } from './mpesa-deposit.service';
export { CardPaymentService } from './card-payment.service';
export { type Payable, Payables, type PayableDue, type PayablePayment } from './payables';
