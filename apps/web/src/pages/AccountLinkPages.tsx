// The screens live in the user and alert feature libs; this module is the routes' lazy chunk boundary.
export { AlertPage } from '@dealership/alert-web';
export { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from '@dealership/user-web';
