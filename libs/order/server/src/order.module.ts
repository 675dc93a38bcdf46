import { Module } from '@nestjs/common';
import { OrderRouter } from './order.router';

@Module({
  providers: [OrderRouter],
  exports: [OrderRouter],
})
export class OrderModule {}
