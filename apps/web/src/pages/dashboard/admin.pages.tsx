// The admin area: one lazily loaded chunk, never part of the public bundle.
// The charts' stylesheet with the admin chunk only: the public pages never load it.
import '@mantine/charts/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import { AuthGuard, DashboardShell } from '@dealership/user-web';
import { trpc } from '@dealership/web-trpc-client';

export { AdminActivityPage } from '@dealership/audit-web';
export { AdminHomePage } from './AdminHome';

/** Admin side menu (spec §2 "Admin area"), plus the order management screen and the activity log. */
export const ADMIN_MENU = [
  { to: '/dashboard/admin', label: 'Dashboard' },
  { to: '/dashboard/admin/allbrands', label: 'Brand List' },
  { to: '/dashboard/admin/cars', label: 'Cars List' },
  { to: '/dashboard/admin/create-brand', label: 'Create Brand' },
  { to: '/dashboard/admin/create-product', label: 'Create Car' },
  { to: '/dashboard/admin/userorders', label: 'Manage Orders' },
  { to: '/dashboard/admin/activity', label: 'Activity' },
  { to: '/dashboard/admin/leads', label: 'Leads' },
  { to: '/dashboard/admin/testimonials', label: 'Testimonials' },
  { to: '/dashboard/admin/settings', label: 'Rates' },
  { to: '/dashboard/admin/messages', label: 'Messages' },
] as const;

/** Minutes between refreshes of the New leads count in the menu. */
const NEW_LEADS_REFRESH_MS = 60_000;

/** The admin menu with the number of New leads beside Leads, refreshed every minute. */
function AdminMenu() {
  const leads = trpc.lead.list.useQuery({ status: 'New', pageSize: 1 }, { refetchInterval: NEW_LEADS_REFRESH_MS });
  const newCount = leads.data?.newCount;
  const menu = ADMIN_MENU.map((item) => (item.to === '/dashboard/admin/leads' ? { ...item, count: newCount, countLabel: 'new' } : item));
  return <DashboardShell heading="Admin Panel" menu={menu} />;
}

/** Every admin screen: the server's admin check first, then the side menu and the screen. */
export function AdminLayout() {
  return (
    <AuthGuard area="admin">
      <AdminMenu />
    </AuthGuard>
  );
}

export { AdminBrandsPage } from '@dealership/brand-web';

export { AdminCarsPage } from '@dealership/car-web';

export { AdminCreateBrandPage } from '@dealership/brand-web';

export { AdminCreateCarPage } from '@dealership/car-web';

export { AdminUpdateCarPage } from '@dealership/car-web';

export { AdminOrdersPage } from '@dealership/order-web';

export { AdminTestimonialsPage } from '@dealership/testimonial-web';

export { AdminLeadsPage } from '@dealership/lead-web';
export { AdminMessagesPage } from '@dealership/message-web';

export { AdminSettingsPage } from '@dealership/setting-web';
