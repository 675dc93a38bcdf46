export { AlertModule } from './alert.module';
export { AlertRouter } from './alert.router';
