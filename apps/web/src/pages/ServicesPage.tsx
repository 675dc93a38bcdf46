// Public pages load only the Mantine sheets they use (src/mantine-styles.ts): the timeline's own.
import '@mantine/core/styles/Timeline.css';
import { ApplyForFinancing, DeferredImportRequestForm, DeferredTradeInForm } from '@dealership/lead-web';
import { sitePath } from '@dealership/shared-schemas';
import { autoDealerJsonLd, Seo, telHref, useSiteConfig, whatsappHref } from '@dealership/web-ui';
import { Button, Container, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

const DESCRIPTION =
  'Import a car on your behalf through the Port of Mombasa, trade in your current car, and finance the next one: how each works with Mombasa Car Dealership.';

/** Import on behalf, step by step, as the staff run it. */
const IMPORT_STEPS = [
  {
    title: 'Tell us the car',
    text: 'Make, model, the years you would accept, your budget in KES and the colours you like. We answer with what is available and what it will cost landed.',
  },
  {
    title: 'We find and inspect it',
    text: 'We source from auctions and exporters in Japan, the UK and the UAE, and send you the auction sheet, photos and an independent inspection report before you pay anything.',
  },
  {
    title: 'You approve and pay a deposit',
    text: 'Only once you have seen the car and the full cost: price, shipping, insurance, KRA duty and our fee, in one quotation.',
  },
  {
    title: 'Shipping to Mombasa',
    text: 'Usually 4 to 6 weeks from Japan, with the vessel and arrival date shared as soon as the car is loaded.',
  },
  {
    title: 'Clearing at the port',
    text: 'We clear the car through KRA (import duty, excise, VAT, IDF and RDL), KEBS inspection and the port, and register it with NTSA.',
  },
  {
    title: 'Handover',
    text: 'Collect it at our Mombasa showroom or have it delivered to your door, with the logbook in your name.',
  },
] as const;

/** The services the footer's "Services" leads to: import on behalf (with its process), trade-in and financing. */
export function ServicesPage() {
  const site = useSiteConfig();
  return (
    <Container size="lg" py={48}>
      <Seo
        title="Our Services: Import on Behalf, Trade-in and Financing"
        description={DESCRIPTION}
        path={sitePath('services')}
        jsonLd={autoDealerJsonLd(site, {
          makesOffer: [
            { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Car import on behalf', areaServed: 'KE' } },
            { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Car trade-in', areaServed: 'KE' } },
            { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Car financing', areaServed: 'KE' } },
          ],
        })}
      />
      <Stack gap="xs" mb={40}>
        <Title order={1}>Our Services</Title>
        <Text c="gray.7" size="lg" maw={760}>
          Beyond the cars in our showroom, we import the car you want, take your current one in part exchange, and arrange the financing.
        </Text>
      </Stack>

      <section aria-labelledby="import-heading">
        <Title order={2} id="import-heading" mb="xs">
          Import on your behalf
        </Title>
        <Text c="gray.7" mb="lg" maw={760}>
          Cars first registered within the last eight years can be imported into Kenya. From your request to the keys in your hand, this is how it goes:
        </Text>
        <Timeline active={IMPORT_STEPS.length - 1} bulletSize={28} lineWidth={2} color="navy" maw={760}>
          {IMPORT_STEPS.map((step, index) => (
            <Timeline.Item
              key={step.title}
              bullet={
                <Text size="xs" fw={700} c="white">
                  {index + 1}
                </Text>
              }
              title={<Text fw={700}>{step.title}</Text>}
            >
              <Text size="sm" c="gray.7" mt={4}>
                {step.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        <Group gap="sm" mt="xl">
          <Button component={Link} to={sitePath('importDuty')} size="md">
            Estimate the import duty
          </Button>
          <Button
            component="a"
            href={whatsappHref(site.whatsappPhone ?? site.dealerPhone, 'Hello, I would like to import a car. ')}
            target="_blank"
            rel="noopener noreferrer"
            size="md"
            variant="outline"
          >
            Ask us on WhatsApp
          </Button>
        </Group>
        <Paper withBorder radius="md" p="lg" mt="xl" maw={760}>
          <Title order={3} size="h4" mb="xs">
            Tell us the car you want
          </Title>
          <Text c="gray.7" size="sm" mb="md">
            We answer with what is available and what it will cost landed in Mombasa.
          </Text>
          <DeferredImportRequestForm />
        </Paper>
      </section>

      <Stack gap="lg" mt={56}>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="trade-in-heading">
          <Title order={2} size="h3" id="trade-in-heading" mb="xs">
            Trade in your car
          </Title>
          <Text c="gray.7" mb="md" maw={760}>
            Bring your current car to the showroom: we inspect it, make you an offer on the spot, and take it off the price of your next car. Tell us its make,
            model, year and mileage first and we give you an estimate.
          </Text>
          <DeferredTradeInForm />
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="financing-heading">
          <Title order={2} size="h3" id="financing-heading" mb="xs">
            Financing
          </Title>
          <Text c="gray.7" maw={760}>
            Pay for your car over 12 to 72 months through our partner banks. See your monthly instalment and the total cost of credit before you apply.
          </Text>
          <Group gap="sm" mt="md">
            <Button component={Link} to={sitePath('financing')} variant="light" size="md">
              Calculate your instalment
            </Button>
            <ApplyForFinancing />
          </Group>
        </Paper>
      </Stack>

      <Text c="gray.7" mt={48}>
        Questions? Call us on{' '}
        <Text component="a" href={telHref(site.dealerPhone)} c="navy.7" fw={600}>
          {site.dealerPhone}
        </Text>{' '}
        or visit the showroom in Mombasa.
      </Text>
    </Container>
  );
}
