// The admin area: one lazily loaded chunk, never part of the public bundle.
// The charts' stylesheet with the admin chunk only: the public pages never load it.
import '@mantine/charts/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import { INITIAL_ORDER_STATUS } from '@dealership/order-schemas';
import { sitePath, type SiteRouteId } from '@dealership/shared-schemas';
import { AuthGuard, DashboardShell, OwnerOnly, StaffPage } from '@dealership/user-web';
import { AdminActivityPage as ActivityScreen } from '@dealership/audit-web';
import { AdminSettingsPage as RatesScreen } from '@dealership/setting-web';
import { AdminSiteContentPage as SiteContentScreen } from '@dealership/content-web';
import { AdminInspectionsPage } from '@dealership/inspection-web';
import { AdminImportPage, AdminImportsPage } from '@dealership/vehicle-import-web';
import { useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyNews, PageLoader, TitleCountContext } from '@dealership/web-ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { Anchor, Stack } from '@mantine/core';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { useStaffEvents } from './live/useStaffEvents';
import { MetaFeedCard } from './MetaFeedCard';

/** The activity (audit) log: an owner's screen. */
export function AdminActivityPage() {
  return (
    <OwnerOnly title="Activity">
      <ActivityScreen />
    </OwnerOnly>
  );
}
import { AdminHomePage } from './AdminHome';

/** Admin side menu (spec §2 "Admin area"), plus the order management screen and the activity log. */
export const ADMIN_MENU = [
  { to: sitePath('adminHome'), label: 'Dashboard' },
  { to: sitePath('adminBrands'), label: 'Brand List' },
  { to: sitePath('adminCars'), label: 'Cars List' },
  { to: sitePath('adminCreateBrand'), label: 'Create Brand' },
  { to: sitePath('adminCreateCar'), label: 'Create Car' },
  { to: sitePath('adminOrders'), label: 'Manage Orders' },
  { to: sitePath('adminActivity'), label: 'Activity', ownerOnly: true },
  { to: sitePath('adminLeads'), label: 'Leads' },
  { to: sitePath('adminInspections'), label: 'Inspections' },
  { to: sitePath('adminImports'), label: 'Imports' },
  { to: sitePath('adminTestimonials'), label: 'Testimonials' },
  { to: sitePath('adminSettings'), label: 'Rates', ownerOnly: true },
  { to: sitePath('adminMessages'), label: 'Messages' },
  { to: sitePath('adminStaff'), label: 'Staff', ownerOnly: true },
  { to: sitePath('adminReports'), label: 'Reports', ownerOnly: true },
  { to: sitePath('adminSiteContent'), label: 'Site content', ownerOnly: true },
] as const;

/** Polling of the menu's counts while the live stream is down (it is the fallback, not the source). */
const FALLBACK_REFRESH_MS = 60_000;

const LEADS_PATH = sitePath('adminLeads');
const ORDERS_PATH = sitePath('adminOrders');

/**
 * The admin menu with the New leads beside Leads and the orders not yet processed beside Manage
 * Orders; their sum goes first in the tab's title ("(3) Leads | ..."). Both follow the live stream
 * (`GET /api/staff/events`): a new lead or order refreshes the screens that show them at once.
 */
function AdminMenu() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { session } = useAuth();
  const live = useStaffEvents(session?.token, (event) => {
    if (event.kind === 'ready') {
      // Nothing is replayed: what arrived before the stream was (re)opened, even between the
      // screens' first fetch and the first `ready`, is caught up by fetching again.
      void Promise.all([utils.lead.invalidate(), utils.order.invalidate()]);
    } else if (event.kind === 'lead') {
      void utils.lead.invalidate();
      // On the screen itself the new row says it; a toast there would only cover the page (phones).
      if (pathname !== LEADS_PATH)
        notifyNews(
          'New lead received',
          <NewsLink to={LEADS_PATH} navigate={navigate}>
            Open Leads
          </NewsLink>,
        );
    } else {
      void utils.order.invalidate();
      if (pathname !== ORDERS_PATH)
        notifyNews(
          'New order received',
          <NewsLink to={ORDERS_PATH} navigate={navigate}>
            Open Manage Orders
          </NewsLink>,
        );
    }
  });
  const refetchInterval = live ? false : FALLBACK_REFRESH_MS;
  const newLeads = trpc.lead.list.useQuery({ status: 'New', pageSize: 1 }, { refetchInterval }).data?.newCount ?? 0;
  const waitingOrders = trpc.order.stats.useQuery(undefined, { refetchInterval }).data?.byStatus[INITIAL_ORDER_STATUS] ?? 0;
  // A salesperson's menu leaves out the owner's screens (the server refuses them their procedures).
  const owner = trpc.user.me.useQuery().data?.staffRole === 'owner';
  const menu = ADMIN_MENU.filter((item) => owner || !('ownerOnly' in item)).map(({ to, label }) => ({ to, label })).map((item) =>
    item.to === LEADS_PATH
      ? { ...item, count: newLeads, countLabel: 'new' }
      : item.to === ORDERS_PATH
        ? { ...item, count: waitingOrders, countLabel: 'not processed' }
        : item,
  );
  return (
    <TitleCountContext value={newLeads + waitingOrders}>
      <DashboardShell heading="Admin Panel" menu={menu} />
    </TitleCountContext>
  );
}

/**
 * A link inside a toast. Toasts render outside the router (the app's providers hold them), so no
 * `<Link>`: a plain anchor that navigates with the menu's `navigate`.
 */
function NewsLink({ to, navigate, children }: { to: string; navigate: NavigateFunction; children: string }) {
  return (
    <Anchor
      href={to}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </Anchor>
  );
}

/** Every admin screen: the server's admin check first, then the side menu and the screen. */
export function AdminLayout() {
  return (
    <AuthGuard area="admin">
      <AdminMenu />
    </AuthGuard>
  );
}

import { AdminBrandsPage } from '@dealership/brand-web';

import { AdminCarsPage } from '@dealership/car-web';

import { AdminCreateBrandPage } from '@dealership/brand-web';

import { AdminCreateCarPage } from '@dealership/car-web';

import { AdminUpdateCarPage } from '@dealership/car-web';

import { AdminOrdersPage } from '@dealership/order-web';

import { AdminTestimonialsPage } from '@dealership/testimonial-web';

import { AdminLeadsPage, type LeadExtra } from '@dealership/lead-web';
import { MakeOffer, type TradeInLead } from '@dealership/trade-in-offer-web';
import { ImportCostSuggestions, OpenImport, type ImportLead } from '@dealership/vehicle-import-web';

/**
 * What other domains add to a lead in the inbox: an import request's import (or **Open import**),
 * a trade-in request's offers (and **Make an offer**). Composed here: web domains do not import each other.
 */
const LEAD_EXTRAS: readonly LeadExtra[] = [
  { title: 'Import', kinds: ['import'], render: (lead) => <OpenImport lead={lead as ImportLead} /> },
  { title: 'Offer', kinds: ['trade-in'], render: (lead) => <MakeOffer lead={lead as TradeInLead} /> },
];

/** Update Car with, in its Costs section, the costs an import of the same chassis number recorded. */
function AdminUpdateCarWithImportCosts() {
  return <AdminUpdateCarPage costsExtra={(car) => (car.chassisNumber ? <ImportCostSuggestions carId={car.id} chassisNumber={car.chassisNumber} /> : null)} />;
}

function AdminLeadsWithExtras() {
  return <AdminLeadsPage leadExtras={LEAD_EXTRAS} />;
}
import { AdminMessagesPage } from '@dealership/message-web';

// The reports' charts (recharts) are large: their own chunk, loaded when an owner opens them.
const ReportsPage = lazy(() => import('./reports/Reports.page').then((module) => ({ default: module.ReportsPage })));

/** The owner's figures: leads, response times, sales, reservations, stock age. */
export function AdminReportsPage() {
  return (
    <OwnerOnly title="Reports">
      <Suspense fallback={<PageLoader label="Loading the reports…" />}>
        <ReportsPage />
      </Suspense>
    </OwnerOnly>
  );
}

/** The staff accounts: an owner's screen. */
export function AdminStaffPage() {
  return (
    <OwnerOnly title="Staff">
      <StaffPage />
    </OwnerOnly>
  );
}

/**
 * The FAQ, opening hours, contact details and social links of the public pages, and the address of
 * the stock's ads catalogue for Meta: an owner's screen.
 */
export function AdminSiteContentPage() {
  return (
    <OwnerOnly title="Site content">
      <Stack gap="xl">
        <SiteContentScreen />
        <MetaFeedCard />
      </Stack>
    </OwnerOnly>
  );
}

/** The rates and reservation rules: an owner's screen. */
export function AdminSettingsPage() {
  return (
    <OwnerOnly title="Rates">
      <RatesScreen />
    </OwnerOnly>
  );
}

/** Every admin screen by its route id (`routes.tsx` renders `AdminPage` for each admin route). */
const ADMIN_SCREENS: Partial<Record<SiteRouteId, ComponentType>> = {
  adminHome: AdminHomePage,
  adminBrands: AdminBrandsPage,
  adminCars: AdminCarsPage,
  adminCreateBrand: AdminCreateBrandPage,
  adminCreateCar: AdminCreateCarPage,
  adminUpdateCar: AdminUpdateCarWithImportCosts,
  adminOrders: AdminOrdersPage,
  adminActivity: AdminActivityPage,
  adminTestimonials: AdminTestimonialsPage,
  adminLeads: AdminLeadsWithExtras,
  adminMessages: AdminMessagesPage,
  adminStaff: AdminStaffPage,
  adminReports: AdminReportsPage,
  adminSettings: AdminSettingsPage,
  adminSiteContent: AdminSiteContentPage,
  adminInspections: AdminInspectionsPage,
  adminImports: AdminImportsPage,
  adminImport: AdminImportPage,
};

/** The admin screen of a route id; none for an id that is no admin screen. */
export function AdminPage({ page }: { page: SiteRouteId }) {
  const Screen = ADMIN_SCREENS[page];
  return Screen ? <Screen /> : null;
}
