import { AuditModule } from '@dealership/audit-server';
import { ContentModule } from '@dealership/content-server';
import { CarAvailabilityModule } from '@dealership/car-server';
import { MessageModule } from '@dealership/message-server';
import { SettingModule } from '@dealership/setting-server';
import { Module } from '@nestjs/common';
import { TradeInOfferModule } from '@dealership/trade-in-offer-server';
import { BraintreeController } from './braintree.controller';
import { MpesaController } from './mpesa.controller';
import { OrderController } from './order.controller';
import { CardPaymentService } from './card-payment.service';
import { MpesaDepositService } from './mpesa-deposit.service';
import { MpesaMetrics } from './mpesa-metrics';
import { PayableCardPaymentRepository } from './payable-card-payment.repository';
import { Payables } from './payables';
import { MpesaPaymentRepository } from './mpesa-payment.repository';
import { OrderAnnouncements } from './order-announcements';
import { OrderPersonalData } from './order.personal-data';
import { OrderRepository } from './order.repository';
import { OrderRouter } from './order.router';
import { OrderService } from './order.service';
import { ReservationHoldRepository } from './reservation-hold.repository';
import { ReservationHoldService } from './reservation-hold.service';
import { LateOrders } from './late-orders';
import { OrderReportRepository } from './order-report.repository';

@Module({
  imports: [AuditModule, MessageModule, CarAvailabilityModule, SettingModule, TradeInOfferModule, ContentModule],
  providers: [
    OrderRepository,
    OrderReportRepository,
    ReservationHoldRepository,
    MpesaPaymentRepository,
    Payables,
    PayableCardPaymentRepository,
    OrderAnnouncements,
    OrderService,
    CardPaymentService,
    MpesaDepositService,
    MpesaMetrics,
    ReservationHoldService,
    LateOrders,
    OrderRouter,
    OrderPersonalData,
  ],
  controllers: [OrderController, BraintreeController, MpesaController],
  exports: [OrderRouter, OrderService, MpesaDepositService, CardPaymentService, Payables],
})
export class OrderModule {}
