import { sitePath } from '@dealership/shared-schemas';
import { homeOpeningHoursJsonLd } from '@dealership/content-schemas';
import { autoDealerJsonLd, Seo, telHref, useSiteConfig, useSiteContent, whatsappHref } from '@dealership/web-ui';
import { DeferredEnquiryForm } from '@dealership/lead-web';
import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/**
 * `/contact`, where 'Visit Our Showroom' leads (spec §2 links it; its screen is not specified):
 * how to reach and find the dealer.
 */
export function ContactPage() {
  const site = useSiteConfig();
  const content = useSiteContent();
  return (
    <Container size="md" py={48}>
      <Seo
        title="Contact Us"
        description="Call, WhatsApp or visit our car showroom in Mombasa, Kenya. Open Monday to Saturday."
        path={sitePath('contact')}
        jsonLd={autoDealerJsonLd(site, { openingHours: homeOpeningHoursJsonLd(content.hours) }, content)}
      />
      <Stack gap="xs" mb="xl">
        <Title order={1}>Contact Us</Title>
        <Text c="gray.7" size="lg">
          Visit our showroom in Mombasa, or talk to us first: we answer calls and WhatsApp messages during opening hours.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Call or message us
          </Title>
          <Stack gap="sm">
            <Button component="a" href={telHref(site.dealerPhone)} size="md">
              Call {site.dealerPhone}
            </Button>
            <Button
              component="a"
              href={whatsappHref(site.whatsappPhone ?? site.dealerPhone, 'Hello, I would like to visit your showroom.')}
              target="_blank"
              rel="noopener noreferrer"
              size="md"
              color="green.8"
            >
              WhatsApp Us
            </Button>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Our showroom
          </Title>
          <Text>
            {content.mapUrl ? (
              <a href={content.mapUrl} target="_blank" rel="noopener noreferrer">
                {content.address}
              </a>
            ) : (
              content.address
            )}
          </Text>
          <Text c="gray.7" mt="xs">
            {/* A time range never breaks at its hyphen on a phone ("08:00-" / "13:00"). */}
            {content.hoursText.split(/(\d{2}:\d{2}-\d{2}:\d{2})/).map((part, index) =>
              index % 2 === 1 ? (
                <span key={index} style={{ whiteSpace: 'nowrap' }}>
                  {part}
                </span>
              ) : (
                part
              ),
            )}
          </Text>
          {content.email ? (
            <Text mt="xs">
              <a href={`mailto:${content.email}`}>{content.email}</a>
            </Text>
          ) : null}
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="message-heading">
        <Title order={2} size="h4" id="message-heading" mb="xs">
          Send us a message
        </Title>
        <Text c="gray.7" size="sm" mb="md">
          Ask about a car, a trade-in, an import or financing: we call you back.
        </Text>
        <DeferredEnquiryForm />
      </Paper>
    </Container>
  );
}
