import { EmailLayout, EmailLink, EmailText, renderEmail, type EmailSite, type RenderedEmail } from '@dealership/message-server';
import { ALERT_UNCONFIRMED_DAYS } from '@dealership/alert-schemas';
import { SITE_NAME } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';

/** A car an alert matched, as the message names it. */
export interface MatchedCar {
  name: string;
  slug: string;
  price: number;
  kind: 'listed' | 'price-drop';
  oldPrice: number | null;
  /** The alert that matched it ("SUV, Diesel"; the car's name for a price watch). */
  alertLabel: string;
}

const carUrl = (site: EmailSite, slug: string) => `${site.publicUrl}/car/${encodeURIComponent(slug)}`;

/** One line of a match: "Toyota Prado 2019: KSh 4,500,000 (was KSh 4,800,000)". */
export function matchLine(car: MatchedCar): string {
  const price = car.kind === 'price-drop' && car.oldPrice !== null ? `now ${formatKes(car.price)} (was ${formatKes(car.oldPrice)})` : formatKes(car.price);
  return `${car.name}: ${price}`;
}

export function digestSubject(cars: readonly MatchedCar[]): string {
  const drops = cars.filter((car) => car.kind === 'price-drop').length;
  const listed = cars.length - drops;
  const parts = [listed > 0 ? `${listed} new ${listed === 1 ? 'car matches' : 'cars match'} your search` : '', drops > 0 ? `${drops} price ${drops === 1 ? 'drop' : 'drops'}` : ''];
  return parts.filter(Boolean).join(' and ');
}

/** The day's message to a subscriber: every car matched since the last one, and the unsubscribe link. */
export function digestEmail(site: EmailSite, cars: readonly MatchedCar[], unsubscribeUrl: string): Promise<RenderedEmail> {
  const subject = digestSubject(cars);
  return renderEmail(
    subject.charAt(0).toUpperCase() + subject.slice(1),
    <EmailLayout site={site} preview={matchLine(cars[0])} heading="Cars for you">
      {cars.map((car) => (
        <EmailText key={`${car.slug}-${car.kind}`}>
          {car.kind === 'price-drop' ? 'Price drop: ' : 'New: '}
          <EmailLink href={carUrl(site, car.slug)}>{car.name}</EmailLink>, {car.kind === 'price-drop' && car.oldPrice !== null ? `now ${formatKes(car.price)} (was ${formatKes(car.oldPrice)})` : formatKes(car.price)}
          {car.kind === 'listed' ? ` (your search: ${car.alertLabel})` : ''}
        </EmailText>
      ))}
      <EmailText>We send at most one message a day. Stop these alerts: <EmailLink href={unsubscribeUrl}>{unsubscribeUrl}</EmailLink></EmailText>
    </EmailLayout>,
  );
}

/** The same as an SMS: the first cars, then how many more, and the unsubscribe link. */
export function digestSms(site: EmailSite, cars: readonly MatchedCar[], unsubscribeUrl: string): string {
  const shown = cars.slice(0, 2).map((car) => `${car.kind === 'price-drop' ? 'Price drop' : 'New'}: ${matchLine(car)} ${carUrl(site, car.slug)}`);
  const more = cars.length > 2 ? ` +${cars.length - 2} more.` : '';
  return `${SITE_NAME}: ${shown.join('. ')}.${more} Stop: ${unsubscribeUrl}`;
}

/** "a car alert", "3 car alerts". */
const alertCount = (labels: readonly string[]) => (labels.length === 1 ? 'a car alert' : `${labels.length} car alerts`);

/**
 * The confirmation link, the only message a contact hears before confirming. It goes to an address
 * someone typed, so it names none of what they typed (the alerts' labels carry their search words).
 */
export function confirmEmail(site: EmailSite, labels: readonly string[], confirmUrl: string): Promise<RenderedEmail> {
  return renderEmail(
    'Confirm your car alerts',
    <EmailLayout site={site} preview="One click to start your alerts" heading="Confirm your car alerts">
      <EmailText>Someone (we hope you) asked {SITE_NAME} to send {alertCount(labels)} here.</EmailText>
      <EmailText>
        Start them: <EmailLink href={confirmUrl}>{confirmUrl}</EmailLink>
      </EmailText>
      <EmailText>If you did not ask for this, ignore this email: nothing more is sent, and the request is deleted after {ALERT_UNCONFIRMED_DAYS} days.</EmailText>
    </EmailLayout>,
  );
}

export function confirmSms(labels: readonly string[], confirmUrl: string): string {
  return `${SITE_NAME}: confirm ${alertCount(labels)}: ${confirmUrl} (ignore if not you)`;
}
