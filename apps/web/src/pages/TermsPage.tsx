import { sitePath } from '@dealership/shared-schemas';
import { TRADE_IN_OFFER_VALID_DAYS } from '@dealership/trade-in-offer-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { telHref, useSiteConfig } from '@dealership/web-ui';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from './LegalPage';

/** `/terms` (footer "Terms & Conditions"): the rules of the site and of buying through it. */
export function TermsPage() {
  const site = useSiteConfig();
  // How long a trade-in offer holds: the rate set in force (server-rendered with the page), 7 days by default.
  const rates = trpc.setting.current.useQuery();
  const offerDays = rates.data?.reservation.tradeInOfferValidDays ?? TRADE_IN_OFFER_VALID_DAYS;
  const sections: LegalSection[] = [
    {
      heading: 'The cars on this site',
      body: (
        <>
          <Text>
            Prices are in Kenya shillings and, unless a car says otherwise, negotiable. We describe each car as accurately as we can; the car itself, its
            logbook and its inspection report are what count, and you are welcome to inspect and test drive it before you buy.
          </Text>
          <Text>A car shown as available may have been sold in the meantime: we confirm availability when you contact us.</Text>
        </>
      ),
    },
    {
      heading: 'Reservations and payment',
      body: (
        <Text>
          Reserving a car holds it for you while we agree the sale. Payment is made at the showroom or, where the site offers it, by card through our payment
          processor. A car becomes yours once it is paid in full and the transfer is registered with NTSA.
        </Text>
      ),
    },
    {
      heading: 'Import on behalf',
      body: (
        <Text>
          Our import quotation states the price, shipping, insurance, our fee and the expected KRA duty. Duty is assessed by KRA at clearance: the estimates on
          this site, including the import duty estimator, are a guide, not a promise. Cars older than the eight-year rule allows at their arrival cannot be
          imported.
        </Text>
      ),
    },
    {
      heading: 'Financing',
      body: (
        <Text>
          Loans are granted by our partner banks on their own terms and approval. The financing calculator shows an estimate of the instalment and the total
          cost of credit; the bank's offer letter is what binds you and them.
        </Text>
      ),
    },
    {
      heading: 'Trade-ins',
      body: (
        <Text>{`An estimate given before we have seen your car is not an offer: our offer follows an inspection at the showroom and is valid for ${offerDays} days.`}</Text>
      ),
    },
    {
      heading: 'Your account',
      body: (
        <Text>
          Keep your password to yourself: what is done with your account is taken to be done by you. We may close an account used to abuse the site or other
          customers.
        </Text>
      ),
    },
    {
      heading: 'Liability',
      body: (
        <Text>
          We are responsible for the cars we sell as the Consumer Protection Act, 2012 provides. We are not liable for losses caused by the site being
          unavailable or by information on it that we corrected as soon as we learnt of it.
        </Text>
      ),
    },
    {
      heading: 'Law and changes',
      body: (
        <Text>
          These terms are governed by the laws of Kenya; disputes go to the courts at Mombasa. We may update them and will show the date of the change at the
          top of this page.
        </Text>
      ),
    },
    {
      heading: 'Contact',
      body: (
        <Text>
          Questions about these terms: call{' '}
          <Anchor underline="always" href={telHref(site.dealerPhone)}>
            {site.dealerPhone}
          </Anchor>{' '}
          or use the{' '}
          <Anchor underline="always" component={Link} to={sitePath('contact')}>
            contact page
          </Anchor>
          . How we handle your data is in the{' '}
          <Anchor underline="always" component={Link} to={sitePath('privacyPolicy')}>
            privacy policy
          </Anchor>
          .
        </Text>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms & Conditions"
      description="The terms of using the Mombasa Car Dealership website and of buying, importing, financing and trading in cars with us."
      path={sitePath('terms')}
      updated="2026-11-23"
      intro={<Text>These terms apply when you use this website and when you buy, reserve, import, finance or trade in a car with Mombasa Car Dealership.</Text>}
      sections={sections}
    />
  );
}
