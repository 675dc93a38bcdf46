import type { InspectionReport as Report, PointStatus } from '@dealership/inspection-schemas';
import classes from './InspectionReport.module.css';
import { km, reportDate, reportSummary } from './report-words';

const STATUS_WORDS: Record<PointStatus, string> = { pass: 'Passed', attention: 'Needs attention', fail: 'Failed' };

/**
 * A car's inspection report, as plain elements: the areas open with the browser's own
 * `<details>`, so the report reads and expands without the page's script.
 */
export function InspectionReport({ report }: { report: Report }) {
  const items = report.areas.flatMap((area) => area.items.map((item) => ({ ...item, area: area.name })));
  const grade = report.auctionGrade && `${report.auctionGrade}${report.auctionInteriorGrade ? ` (interior ${report.auctionInteriorGrade})` : ''}`;
  return (
    <section aria-labelledby="inspection-heading" className={classes.report}>
      <h2 id="inspection-heading" className={classes.heading}>
        {report.pointCount}-point inspection
      </h2>
      <p className={classes.summary}>{reportSummary(report)}</p>
      <p className={classes.meta}>
        Inspected on <time dateTime={report.inspectedOn}>{reportDate(report.inspectedOn)}</time> at {km(report.odometerKm)}
      </p>
      {grade || report.exportCertificateKm !== null || report.certificate ? (
        <dl className={classes.facts}>
          {grade ? (
            <div>
              <dt>Auction grade</dt>
              <dd>{grade}</dd>
            </div>
          ) : null}
          {report.exportCertificateKm !== null ? (
            <div>
              <dt>Export certificate mileage</dt>
              <dd>{km(report.exportCertificateKm)}</dd>
            </div>
          ) : null}
          {report.certificate ? (
            <div>
              <dt>Pre-shipment inspection</dt>
              <dd>
                {report.certificate.contentType === 'application/pdf' ? (
                  <a href={report.certificate.url} download={report.certificate.fileName}>
                    Download the certificate (PDF, {Math.max(1, Math.round(report.certificate.byteSize / 1024))} KB)
                  </a>
                ) : (
                  <a href={report.certificate.url} target="_blank" rel="noopener noreferrer">
                    View the certificate
                  </a>
                )}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {items.length > 0 ? (
        <>
          <h3 className={classes.subheading}>What needs attention</h3>
          <ul className={classes.items}>
            {items.map((item) => (
              <li key={`${item.area}:${item.point}`} className={classes.item}>
                <p>
                  <span className={classes[item.status === 'fail' ? 'fail' : 'attention']}>{STATUS_WORDS[item.status]}:</span> {item.area}, {item.point}
                  {item.note ? <>. {item.note}</> : null}
                </p>
                {item.photo ? (
                  <a href={item.photo.url} target="_blank" rel="noopener noreferrer">
                    <img src={item.photo.url} alt={`Photo: ${item.point}`} loading="lazy" width={128} height={96} className={classes.photo} />
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className={classes.subheading}>Every point, by area</h3>
      {report.areas.map((area) => {
        const flagged = new Map(area.items.map((item) => [item.point, item.status]));
        return (
          <details key={area.name} className={classes.area}>
            <summary>
              {area.name}
              <span className={classes.count}>
                {area.points.length - flagged.size} of {area.points.length} passed
              </span>
            </summary>
            <ul>
              {area.points.map((point) => {
                const status = flagged.get(point);
                return (
                  <li key={point}>
                    {point}
                    {status ? <span className={classes[status]}>: {STATUS_WORDS[status].toLowerCase()}</span> : ': passed'}
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </section>
  );
}
