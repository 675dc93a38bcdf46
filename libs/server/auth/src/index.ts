export * from './access';
export { AccessGuard } from './access.guard';
export * from './auth-user-lookup';
export { AdminAccessRequiredError, AuthenticationRequiredError, LoginThrottledError } from './auth.errors';
export { AuthModule } from './auth.module';
export { AuthService, durationSeconds } from './auth.service';
export * from './decorators';
export { LOGIN_THROTTLE, LoginThrottle } from './login-throttle';
