import { RETENTION, sitePath } from '@dealership/shared-schemas';
import { telHref, useSiteConfig } from '@dealership/web-ui';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from './LegalPage';

/** A list of plain sentences (Mantine's List stylesheet is not among the public pages' sheets). */
function Points({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
      {items.map((item) => (
        <li key={item}>
          <Text span>{item}</Text>
        </li>
      ))}
    </ul>
  );
}

/** `/privacy-policy` (footer): what the dealer collects and why, under Kenya's Data Protection Act, 2019. */
export function PrivacyPolicyPage() {
  const site = useSiteConfig();
  const sections: LegalSection[] = [
    {
      heading: 'What we collect',
      body: (
        <Points
          items={[
            'Your account: name, email address, phone number and address, and a password we store only as a salted hash.',
            'Your orders and reservations: the cars, prices, status and, for a card payment, the payment reference (the card details go to our payment processor, never to us); for an M-Pesa payment, the phone number you paid from, the amount and the M-Pesa receipt.',
            'Your requests to us (enquiries, test drives, trade-ins, imports, financing, and what you write to us on WhatsApp): your name, phone number, email if you give it, your messages, the car, and for a trade-in its details and photos; and your agreement to be contacted about it (the box you tick on the form), with its words and when you ticked it.',
            'Alerts you ask for (a price drop on cars you watch, new cars matching a search): the email address or phone number they go to, and the cars or the search.',
            'Technical data: your IP address and browser, kept in our security logs to stop abuse (too many sign-in attempts or requests).',
            'Your favourites list stays in your own browser: we receive it only if you ask us to watch its prices, as an alert.',
          ]}
        />
      ),
    },
    {
      heading: 'Why we use it, and on what basis',
      body: (
        <Points
          items={[
            'To answer your requests and sell, import, register and deliver your car: performing a contract with you, or taking the steps you asked for before one.',
            'To keep invoices and records the law requires (tax and vehicle registration): a legal obligation.',
            'To protect the site and our customers from fraud and abuse: our legitimate interest.',
            'To send you offers, only if you asked for them: your consent, which you can withdraw at any time.',
          ]}
        />
      ),
    },
    {
      heading: 'What we never ask for online',
      body: (
        <Text>
          We do not collect national ID numbers, KRA PINs, bank statements or payslips through this website. When financing or registration needs them, our
          staff take them from you in person at the showroom and handle them under the same rules.
        </Text>
      ),
    },
    {
      heading: 'Who we share it with',
      body: (
        <Points
          items={[
            'Our payment processor (Braintree, a PayPal service) for card payments, Safaricom for an M-Pesa payment (the phone number and the amount), and our image host for photos you upload.',
            "The services that carry our messages to you: our SMS provider (Africa's Talking), our email provider, and Meta when you write to us on WhatsApp (our replies go back through WhatsApp).",
            'For a financing application, the partner bank you choose, only after you agree.',
            'For an import, the Kenya Revenue Authority, KEBS, the port and NTSA, as clearing and registration require.',
            'Nobody else, and we never sell your data.',
          ]}
        />
      ),
    },
    {
      heading: 'How long we keep it',
      body: (
        <>
          <Points
            items={[
              `Requests that did not lead to a sale: ${RETENTION.leadMonths} months after our last contact with you about them. Then we remove your name, phone number, email, message and the details and photos you sent, and keep only that a request of that kind was made, for our counts.`,
              `Orders, invoices and import records, and requests that led to a sale: ${RETENTION.saleYears} years after the sale, as the Tax Procedures Act requires. Then your name, phone number and address are removed from them.`,
              'Your account: until you delete it from your profile page (or ask us to). Your orders are then kept without your name and contact details, your requests are anonymised, and you are signed out everywhere.',
              `Emails and text messages we sent you: ${RETENTION.messageDays} days.`,
              `Security records: your sign-ins end when you sign out or when they expire, and are deleted within a day of expiring; the counts of attempts (with your address) we keep to stop abuse stop counting within hours and are deleted as later attempts come in; our activity log (who changed what in the back office, and sign-ins with the address and browser they came from) is kept ${RETENTION.activityLogMonths} months.`,
            ]}
          />
          <Text>A job on our server applies these periods every day and records in our activity log how many records it removed or anonymised.</Text>
        </>
      ),
    },
    {
      heading: 'Your rights',
      body: (
        <>
          <Text>
            Signed in, you can download everything we hold about you (your profile, orders, requests and sign-ins, as a JSON file; requests you sent before
            signing in count once your email address is confirmed) and delete your account from
            your{' '}
            <Anchor underline="always" component={Link} to={sitePath('userProfile')}>
              profile page
            </Anchor>
            .
          </Text>
          <Text>
            Under the Data Protection Act, 2019 you may ask us to tell you what data we hold about you and give you a copy, to correct it, to delete it, to stop
            using it for a purpose, or to move it to someone else, and you may withdraw a consent you gave. We answer within 30 days.
          </Text>
          <Text>If you are not satisfied with our answer, you may complain to the Office of the Data Protection Commissioner (odpc.go.ke).</Text>
        </>
      ),
    },
    {
      heading: 'Cookies and your browser',
      body: (
        <Text>
          We use no advertising or tracking cookies. Your browser keeps your sign-in and your favourites list in its own storage for this site; signing out
          removes the sign-in.
        </Text>
      ),
    },
    {
      heading: 'Contact',
      body: (
        <Text>
          Mombasa Car Dealership is the data controller. For anything about your data, call us on{' '}
          <Anchor underline="always" href={telHref(site.dealerPhone)}>
            {site.dealerPhone}
          </Anchor>
          , write to us through the{' '}
          <Anchor underline="always" component={Link} to={sitePath('contact')}>
            contact page
          </Anchor>
          , or visit the showroom in Mombasa.
        </Text>
      ),
    },
  ];
  return (
    <LegalPage
      title="Privacy Policy"
      description="What Mombasa Car Dealership collects about you, why, for how long, and your rights under Kenya's Data Protection Act, 2019."
      path={sitePath('privacyPolicy')}
      updated="2026-11-28"
      intro={
        <Text>
          This policy explains what personal data Mombasa Car Dealership collects when you use this website or buy from us, why, who sees it, how long we keep
          it, and the rights the Data Protection Act, 2019 gives you.
        </Text>
      }
      sections={sections}
    />
  );
}
