// The admin area: one lazily loaded chunk, never part of the public bundle.
import { AuthGuard, DashboardHome, DashboardShell } from '@dealership/user-web';
import { useAuth } from '@dealership/web-session';
import { DashboardPlaceholder } from './DashboardPlaceholder';

/** Admin side menu (spec §2 "Admin area"), plus the order management screen. */
export const ADMIN_MENU = [
  { to: '/dashboard/admin', label: 'Dashboard' },
  { to: '/dashboard/admin/allbrands', label: 'Brand List' },
  { to: '/dashboard/admin/cars', label: 'Cars List' },
  { to: '/dashboard/admin/create-brand', label: 'Create Brand' },
  { to: '/dashboard/admin/create-product', label: 'Create Car' },
  { to: '/dashboard/admin/userorders', label: 'Manage Orders' },
] as const;

/** Every admin screen: the server's admin check first, then the side menu and the screen. */
export function AdminLayout() {
  return (
    <AuthGuard area="admin">
      <DashboardShell heading="Admin Panel" menu={ADMIN_MENU} />
    </AuthGuard>
  );
}

export function AdminHomePage() {
  const user = useAuth().session?.user;
  return (
    <DashboardHome
      title="Admin Dashboard"
      name={user?.name}
      details={[
        { label: 'Admin Name', value: user?.name },
        { label: 'Admin Email', value: user?.email },
        { label: 'Admin Contact', value: user?.phone },
      ]}
      shortcuts={ADMIN_MENU.slice(1)}
    />
  );
}

export function AdminBrandsPage() {
  return <DashboardPlaceholder title="All Brands" />;
}

export function AdminCarsPage() {
  return <DashboardPlaceholder title="All Cars" />;
}

export function AdminCreateBrandPage() {
  return <DashboardPlaceholder title="Create Brand" />;
}

export function AdminCreateCarPage() {
  return <DashboardPlaceholder title="Create Car" />;
}

export function AdminUpdateCarPage() {
  return <DashboardPlaceholder title="Update Car" />;
}

export function AdminOrdersPage() {
  return <DashboardPlaceholder title="Manage Orders" />;
}
