import type { InspectionReport as Report } from '@dealership/inspection-schemas';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { InspectionReport } from './InspectionReport';

const pads = { url: '/media/documents/pads-1a2b.webp', publicId: 'documents/pads-1a2b' };
const report: Report = {
  inspectedOn: '2026-11-15',
  pointCount: 150,
  passed: 147,
  attention: 3,
  failed: 0,
  odometerKm: 83_400,
  areas: [
    { name: 'Engine', points: ['Idles smoothly'], items: [] },
    {
      name: 'Brakes',
      points: ['Front pad thickness', 'Brake lights'],
      items: [{ point: 'Front pad thickness', status: 'attention', note: 'Front pads at 30%', photo: pads }],
    },
  ],
  auctionGrade: '4.5',
  auctionInteriorGrade: 'B',
  exportCertificateKm: 83_000,
  certificate: null,
};

describe('InspectionReport', () => {
  it('reads as the issue words it: heading, summary with the date, grades, attention items, areas in <details>', () => {
    renderWithProviders(<InspectionReport report={report} />);
    const section = screen.getByRole('region', { name: '150-point inspection' });
    expect(within(section).getByText('147 passed, 3 need attention')).toBeTruthy();
    expect(section.textContent).toContain('Inspected on 15 November 2026 at 83,400 km');
    expect(section.textContent).toContain('Auction grade4.5 (interior B)');
    expect(section.textContent).toContain('Export certificate mileage83,000 km');
    expect(within(section).getByRole('img', { name: 'Photo: Front pad thickness' }).getAttribute('src')).toBe(pads.url);
    expect(section.textContent).toContain('Needs attention: Brakes, Front pad thickness. Front pads at 30%');
    expect([...section.querySelectorAll('details > summary')].map((summary) => summary.textContent)).toEqual(['Engine1 of 1 passed', 'Brakes1 of 2 passed']);
    expect(within(section).queryByText('View the certificate')).toBeNull();
  });

  it('offers a public PDF certificate as a download, with its size', () => {
    const certificate = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', contentType: 'application/pdf' as const, fileName: 'PSI.pdf', byteSize: 12_300, url: '/api/inspection-certificates/0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' };
    renderWithProviders(<InspectionReport report={{ ...report, certificate }} />);
    const link = screen.getByRole('link', { name: 'Download the certificate (PDF, 12 KB)' });
    expect([link.getAttribute('href'), link.getAttribute('download')]).toEqual([certificate.url, 'PSI.pdf']);
  });
});
