export type { AuthArea, AuthCheckResult } from './lib/auth/auth-check';
export { safeRedirectTarget, withRedirect, REDIRECT_PARAM } from './lib/auth/redirect-target';
export { AuthGuard, type AuthGuardProps } from './lib/guard/AuthGuard';
export {
  RedirectCountdown,
  REDIRECT_COUNTDOWN_SECONDS,
  type RedirectCountdownProps,
} from './lib/guard/RedirectCountdown';
export { DashboardShell, type DashboardMenuItem, type DashboardShellProps } from './lib/dashboard/DashboardShell';
export { DashboardHome, type DashboardHomeProps } from './lib/dashboard/DashboardHome';
export { LoginForm, type LoginFormProps } from './lib/login/LoginForm';
export { LoginPage } from './lib/login/Login.page';
export { RegisterForm, type RegisterFormProps } from './lib/register/RegisterForm';
export { RegisterPage } from './lib/register/Register.page';
export { ProfileForm, type ProfileFormProps } from './lib/profile/ProfileForm';
export { UserProfilePage } from './lib/profile/Profile.page';
export { OrdersTable, OrderStatusBadge, type OrderRow, type OrdersTableProps } from './lib/orders/OrdersTable';
export { UserOrdersPage } from './lib/orders/UserOrders.page';
