// The screens live in the user feature lib; this module is the routes' lazy chunk boundary.
export { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from '@dealership/user-web';
