import { EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail } from '@dealership/message-server';
import { formatKes } from '@dealership/shared-util';

export interface AgedCar {
  name: string;
  slug: string;
  days: number;
  price: number;
  /** What it cost as recorded; null: nothing recorded. */
  costKes: number | null;
}

/** The owner's weekly list of the cars in stock for `days` days or more, the oldest first. */
export function agedStockEmail(cars: readonly AgedCar[], days: number, site: EmailSite): Promise<RenderedEmail> {
  const tiedUp = cars.reduce((sum, car) => sum + (car.costKes ?? 0), 0);
  const subject = `${cars.length} ${cars.length === 1 ? 'car' : 'cars'} in stock for ${days} days or more`;
  return renderEmail(
    subject,
    <EmailLayout site={site} preview={`${formatKes(tiedUp)} tied up as recorded`} heading={subject}>
      {cars.map((car) => (
        <EmailText key={car.slug}>
          <EmailLink href={`${site.publicUrl}/dashboard/admin/car/${car.slug}`}>{car.name}</EmailLink>: {car.days} days, asking {formatKes(car.price)}
          {car.costKes === null ? ', no cost recorded' : `, cost ${formatKes(car.costKes)}`}
        </EmailText>
      ))}
      <EmailText>
        Cost tied up, as recorded: {formatKes(tiedUp)}. You set this list to come every week for cars in stock {days} days or more; change it on the Reports page.
      </EmailText>
    </EmailLayout>,
  );
}
