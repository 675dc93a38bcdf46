export { OrderModule } from './order.module';
export { OrderRouter } from './order.router';
export { OrderService } from './order.service';
