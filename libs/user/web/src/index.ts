export { authFetch, type AuthFetchInit } from './lib/auth/auth-fetch';
export { checkAuth, AUTH_CHECK_PATHS, type AuthArea, type AuthCheckResult } from './lib/auth/auth-check';
export { safeRedirectTarget, withRedirect, REDIRECT_PARAM } from './lib/auth/redirect-target';
export { AuthGuard, authCheckKey, type AuthGuardProps } from './lib/guard/AuthGuard';
export {
  RedirectCountdown,
  REDIRECT_COUNTDOWN_SECONDS,
  type RedirectCountdownProps,
} from './lib/guard/RedirectCountdown';
export { DashboardShell, type DashboardMenuItem, type DashboardShellProps } from './lib/dashboard/DashboardShell';
export { DashboardHome, type DashboardHomeProps } from './lib/dashboard/DashboardHome';
export { describeApiError, SERVER_ERROR_MESSAGE, type ApiErrorInfo } from './lib/feedback/api-error';
export { withLoadingToast } from './lib/feedback/loading-toast';
export { LoginForm, type LoginFormProps } from './lib/login/LoginForm';
export { LoginPage } from './lib/login/Login.page';
export { RegisterForm, type RegisterFormProps } from './lib/register/RegisterForm';
export { RegisterPage } from './lib/register/Register.page';
export { ProfileForm, type ProfileFormProps } from './lib/profile/ProfileForm';
export { UserProfilePage } from './lib/profile/Profile.page';
export { OrdersTable, OrderStatusBadge, type OrderRow, type OrdersTableProps } from './lib/orders/OrdersTable';
export { UserOrdersPage } from './lib/orders/UserOrders.page';
export { formatRelativeTime } from './lib/orders/relative-time';
