import { trpc } from '@dealership/web-trpc-client';
import { carNodeId, deferredComponent, JsonLdScript, useSiteConfig } from '@dealership/web-ui';
import type { InspectionReport as Report } from '@dealership/inspection-schemas';
import { inspectionJsonLd } from './inspection-json-ld';

/**
 * The report written by the server with the page; its code comes after the page's, so the car
 * page keeps within its 150 KB first load.
 */
const DeferredReport = deferredComponent<{ report: Report }>(async () => (await import('./InspectionReport')).InspectionReport, {
  source: 'libs/inspection/web/src/lib/report/InspectionReport.tsx',
  minHeight: 320,
  label: 'Loading the inspection report…',
});

/**
 * A car's inspection report for its page (the car page's `inspection` slot). A car without an
 * inspection, or whose report could not be read, shows nothing rather than a promise.
 */
export function CarInspection({ carId, slug }: { carId: string; slug: string }) {
  const report = trpc.inspection.report.useQuery({ carId });
  const { publicUrl } = useSiteConfig();
  if (!report.data) return null;
  return (
    <>
      <JsonLdScript data={inspectionJsonLd(carNodeId(slug, publicUrl), report.data)} />
      <DeferredReport report={report.data} />
    </>
  );
}
