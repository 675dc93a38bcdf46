import type { InspectionReport } from '@dealership/inspection-schemas';
import { reportSummary } from './report-words';

/**
 * What schema.org can say of a car's inspection: it has no inspection type, so the report's facts
 * are `additionalProperty` values (PropertyValue) of the car's node, named by its `@id` (the car
 * page's `Car` block carries the same id, so readers join the two).
 */
export function inspectionJsonLd(carNodeId: string, report: InspectionReport): Record<string, unknown> {
  const properties: Record<string, unknown>[] = [
    {
      '@type': 'PropertyValue',
      name: `${report.pointCount}-point inspection`,
      value: reportSummary(report),
      description: `Inspected on ${report.inspectedOn} at ${report.odometerKm} km`,
    },
  ];
  if (report.auctionGrade) {
    properties.push({ '@type': 'PropertyValue', name: 'Auction grade', value: report.auctionInteriorGrade ? `${report.auctionGrade} (interior ${report.auctionInteriorGrade})` : report.auctionGrade });
  }
  if (report.exportCertificateKm !== null) {
    properties.push({ '@type': 'PropertyValue', name: 'Export certificate mileage', value: report.exportCertificateKm, unitCode: 'KMT' });
  }
  return { '@context': 'https://schema.org', '@type': 'Car', '@id': carNodeId, additionalProperty: properties };
}
