import { Breadcrumb, type BreadcrumbItem } from '@dealership/web-ui';

/** A landing page's trail (Home > Cars > ...): its own module, so the page defers it (CarLanding.page). */
export function LandingTrail({ items }: { items: BreadcrumbItem[] }) {
  return <Breadcrumb items={items} />;
}
