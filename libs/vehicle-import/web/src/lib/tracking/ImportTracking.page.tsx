import { IMPORT_MILESTONE_LABELS, type ImportTracking } from '@dealership/vehicle-import-schemas';
import { formatKes } from '@dealership/shared-util';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { RecordFacts, RecordPage, Seo } from '@dealership/web-ui';
import { useParams } from 'react-router-dom';
import type { ComponentType } from 'react';
import { ImportCardPay, type ImportCardFormProps } from './ImportCardPay';
import { ImportMpesaPay } from './ImportMpesaPay';
import classes from './ImportTracking.module.css';

/** "10 January 2027", the same on the server and in the browser. */
const dayText = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function Tracking({ tracking, token, CardForm }: { tracking: ImportTracking; token: string; CardForm?: ComponentType<ImportCardFormProps> }) {
  const reached = tracking.timeline.filter((step) => step.occurredOn !== null).length;
  const arrivedOn = tracking.timeline.find((step) => step.milestone === 'arrived')?.occurredOn ?? null;
  const arrival = arrivedOn ?? tracking.expectedArrival;
  return (
    <RecordPage reference={`Import ${tracking.reference}`} heading={tracking.car}>
      <RecordFacts
        facts={[
          ...(tracking.vessel ? [{ label: 'Vessel', value: tracking.vessel }] : []),
          { label: arrivedOn ? 'Arrived at Mombasa' : 'Expected at Mombasa', value: <time dateTime={arrival}>{dayText(arrival)}</time> },
          { label: 'Paid', value: `${formatKes(tracking.paidKes)} of ${formatKes(tracking.agreedPriceKes)}` },
          { label: 'Due', value: formatKes(tracking.dueKes) },
        ]}
      />
      {/* Mounted while a payment is under way even once nothing more is due: its receipt stays on screen. */}
      {tracking.mpesaPayments ? <ImportMpesaPay token={token} next={tracking.nextPayment} /> : null}
      {tracking.cardPayments && CardForm ? <ImportCardPay token={token} next={tracking.nextPayment} CardForm={CardForm} /> : null}
      <h2 className={classes.subheading}>
        Progress: {reached} of {tracking.timeline.length} steps
      </h2>
      <ol className={classes.timeline}>
        {tracking.timeline.map((step) => (
          <li key={step.milestone} className={step.occurredOn ? classes.done : classes.todo}>
            <p className={classes.step}>
              <span>{IMPORT_MILESTONE_LABELS[step.milestone]}</span>
              {step.occurredOn ? <time dateTime={step.occurredOn}>{dayText(step.occurredOn)}</time> : <span className={classes.pending}>Not yet</span>}
            </p>
            {step.details.length > 0 ? (
              <dl className={classes.details}>
                {step.details.map((detail) => (
                  <div key={detail.label}>
                    <dt>{detail.label}</dt>
                    <dd>{detail.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
      {tracking.documents.length > 0 ? (
        <>
          <h2 className={classes.subheading}>Papers</h2>
          <ul className={classes.papers}>
            {tracking.documents.map((document) => (
              <li key={document.url}>
                <a href={document.url} download={document.contentType === 'application/pdf' ? document.fileName : undefined}>
                  {document.title}
                </a>{' '}
                ({document.contentType === 'application/pdf' ? 'PDF' : 'picture'}, {Math.max(1, Math.round(document.byteSize / 1024))} KB)
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={classes.note}>We send you an SMS at every step. Questions? Call us or reply on WhatsApp with your import number.</p>
    </RecordPage>
  );
}

/**
 * `/imports/track/:token`: a buyer's import, opened from the link of its messages (server-rendered:
 * it reads on a phone without the page's code). The token shows this import and nothing else.
 * `CardForm`: the card form the app assembles (the order domain's), for "Pay by card".
 */
export function ImportTrackingPage({ CardForm }: { CardForm?: ComponentType<ImportCardFormProps> }) {
  const { token = '' } = useParams();
  const tracking = trpc.vehicleImport.track.useQuery({ token }, { retry: false });
  return (
    <>
      <Seo title={tracking.data ? `Import ${tracking.data.reference}` : 'Your import'} description="Where your imported car is, step by step." noIndex />
      {tracking.data ? (
        <Tracking tracking={tracking.data} token={token} CardForm={CardForm} />
      ) : tracking.isError ? (
        <RecordPage heading="Import not found">
          <p>{describeApiError(tracking.error).isServerFault ? 'The page could not be loaded; please try again.' : 'This link does not open an import. Please use the link from your latest SMS or email, or call us.'}</p>
        </RecordPage>
      ) : (
        <RecordPage busy>
          <p>Loading your import…</p>
        </RecordPage>
      )}
    </>
  );
}
