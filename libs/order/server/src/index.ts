export { OrderModule } from './order.module';
export { OrderRouter } from './order.router';
export { MpesaDepositService } from './mpesa-deposit.service';
export { type MpesaPayable, MpesaPayables, type PayableDue } from './mpesa-payables';
