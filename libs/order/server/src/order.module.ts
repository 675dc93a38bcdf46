import { AuditModule } from '@dealership/audit-server';
import { CarAvailabilityModule } from '@dealership/car-server';
import { MessageModule } from '@dealership/message-server';
import { SettingModule } from '@dealership/setting-server';
import { Module } from '@nestjs/common';
import { BraintreeController } from './braintree.controller';
import { MpesaController } from './mpesa.controller';
import { OrderController } from './order.controller';
import { OrderPersonalData } from './order.personal-data';
import { OrderRepository } from './order.repository';
import { OrderRouter } from './order.router';
import { OrderService } from './order.service';

@Module({
  imports: [AuditModule, MessageModule, CarAvailabilityModule, SettingModule],
  providers: [OrderRepository, OrderService, OrderRouter, OrderPersonalData],
  controllers: [OrderController, BraintreeController, MpesaController],
  exports: [OrderRouter, OrderService],
})
export class OrderModule {}
