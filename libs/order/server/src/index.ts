export { OrderModule } from './order.module';
export { OrderRouter } from './order.router';
