import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
import { UserRepository } from './user.repository';
import { UserService } from './user.service';

@Module({
  providers: [UserRepository, PasswordHasher, UserService],
  exports: [UserService],
})
export class UserModule {}
