export { UserModule } from './user.module';
export { UserRouter } from './user.router';
export { UserService } from './user.service';
