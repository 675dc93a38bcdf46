// The signed-in customer's area: its own lazily loaded chunk.
import { useAuth } from '@dealership/web-ui';
import { DashboardPlaceholder, WelcomeLine } from './DashboardPlaceholder';
import { DashboardShell } from './DashboardShell';

/** User side menu (spec §2 "User area"). */
export const USER_MENU = [
  { to: '/dashboard/user', label: 'Dashboard' },
  { to: '/dashboard/user/order', label: 'My Orders' },
  { to: '/dashboard/user/profile', label: 'Update Profile' },
] as const;

export function UserLayout() {
  return <DashboardShell heading="My Account" menu={USER_MENU} />;
}

export function UserHomePage() {
  const { session } = useAuth();
  return (
    <DashboardPlaceholder title="My Dashboard">
      <WelcomeLine name={session?.user.name} />
    </DashboardPlaceholder>
  );
}

export function UserOrdersPage() {
  return <DashboardPlaceholder title="My Orders" />;
}

export function UserProfilePage() {
  return <DashboardPlaceholder title="Update Profile" />;
}
