export { UserModule } from './user.module';
export { UserService } from './user.service';
