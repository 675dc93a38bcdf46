// The signed-in customer's area: its own lazily loaded chunk.
import { MyAlerts } from '@dealership/alert-web';
import { MyRequests } from '@dealership/lead-web';
import { sitePath, type SiteRouteId } from '@dealership/shared-schemas';
import { AuthGuard, DashboardHome, DashboardShell, EmailVerificationBanner } from '@dealership/user-web';
import { useAuth } from '@dealership/web-session';

import { UserProfilePage } from '@dealership/user-web';
import { UserOrdersPage } from '@dealership/order-web';
import { MyImports } from '@dealership/vehicle-import-web';

/** My Orders: the orders, then the imports on the buyer's behalf (if any). */
function OrdersAndImports() {
  return (
    <>
      <UserOrdersPage />
      <MyImports />
    </>
  );
}

/** User side menu (spec §2 "User area"). */
export const USER_MENU = [
  { to: sitePath('userHome'), label: 'Dashboard' },
  { to: sitePath('userOrders'), label: 'My Orders' },
  { to: sitePath('userProfile'), label: 'Update Profile' },
] as const;

/** Every user screen: the server's session check first, then the side menu and the screen. */
export function UserLayout() {
  return (
    <AuthGuard area="user">
      <DashboardShell heading="My Account" menu={USER_MENU} notice={<EmailVerificationBanner />} />
    </AuthGuard>
  );
}

export function UserHomePage() {
  const user = useAuth().session?.user;
  return (
    <DashboardHome
      title="My Dashboard"
      name={user?.name}
      details={[
        { label: 'Name', value: user?.name },
        { label: 'Email', value: user?.email },
        { label: 'Phone', value: user?.phone },
        { label: 'Address', value: user?.address },
      ]}
      shortcuts={USER_MENU.slice(1)}
    >
      <MyRequests />
      <MyAlerts />
    </DashboardHome>
  );
}

/** The buyer's dashboard screen of a route id (`routes.tsx` renders `UserPage` for each of its routes). */
export function UserPage({ page }: { page: SiteRouteId }) {
  const Screen = page === 'userHome' ? UserHomePage : page === 'userOrders' ? OrdersAndImports : page === 'userProfile' ? UserProfilePage : undefined;
  return Screen ? <Screen /> : null;
}
