// The admin area: one lazily loaded chunk, never part of the public bundle.
import { useAuth } from '@dealership/web-ui';
import { DashboardPlaceholder, WelcomeLine } from './DashboardPlaceholder';
import { DashboardShell } from './DashboardShell';

/** Admin side menu (spec §2 "Admin area"). */
export const ADMIN_MENU = [
  { to: '/dashboard/admin', label: 'Dashboard' },
  { to: '/dashboard/admin/allbrands', label: 'Brand List' },
  { to: '/dashboard/admin/cars', label: 'Cars List' },
  { to: '/dashboard/admin/create-brand', label: 'Create Brand' },
  { to: '/dashboard/admin/create-product', label: 'Create Car' },
  { to: '/dashboard/admin/userorders', label: 'Manage Orders' },
] as const;

export function AdminLayout() {
  return <DashboardShell heading="Admin Panel" menu={ADMIN_MENU} />;
}

export function AdminHomePage() {
  const { session } = useAuth();
  return (
    <DashboardPlaceholder title="Admin Dashboard">
      <WelcomeLine name={session?.user.name} />
    </DashboardPlaceholder>
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
