import { Stack, Text, Title } from '@mantine/core';
import classes from './Home.module.css';

/** The home FAQ (spec §2, figures of §9). */
export const HOME_FAQ = [
  {
    question: 'When is the best time to buy a car in Mombasa?',
    answer:
      'Any time of year works with us: our stock changes every month as new imports land at the Port of Mombasa. Buyers often find the widest choice just after a shipment clears, and at the end of the year when we make room for new arrivals.',
  },
  {
    question: 'How much does it cost to import a car to Kenya?',
    answer:
      'On top of the CIF value (cost, insurance and freight), KRA charges import duty of 25%, excise duty of 20% for most passenger vehicles, VAT of 16% of the CIF value plus duties, and an import declaration fee (IDF) of 2.25% of CIF. We give you the full landed cost before you commit and handle the clearing for you.',
  },
  {
    question: 'How do you inspect your used cars?',
    answer:
      'Every used car passes our 150-point inspection covering the engine, gearbox, suspension, brakes, electrics, body and interior, and a road test. Foreign-used imports also carry their pre-shipment inspection certificate.',
  },
  {
    question: 'What financing options do you offer?',
    answer:
      'We work with leading Kenyan banks and asset financiers to offer car loans with flexible deposits and repayment periods. Bring your ID, KRA PIN and bank statements, and approval typically comes through in 2-3 working days.',
  },
  {
    question: 'Why should I choose your dealership?',
    answer:
      'We have a 100% delivery record, more than 10 years of experience and over 500 satisfied customers. Every price is clear, every car is inspected, and our team in Mombasa stays with you from the first call to the handover of the keys.',
  },
] as const;

/**
 * The FAQ accordion on native `<details>`: keyboard and screen-reader support come with the
 * element, and no accordion JavaScript is shipped.
 */
export function HomeFaq() {
  return (
    <section aria-labelledby="faq-heading">
      <Title order={2} id="faq-heading" mb="xs">
        Frequently Asked Questions
      </Title>
      <Text c="gray.7" mb="lg">
        Straight answers about buying, importing and financing a car in Kenya.
      </Text>
      <Stack gap="sm">
        {HOME_FAQ.map((item) => (
          <details key={item.question} className={classes.faqItem}>
            <summary className={classes.faqQuestion}>{item.question}</summary>
            <Text className={classes.faqAnswer}>{item.answer}</Text>
          </details>
        ))}
      </Stack>
    </section>
  );
}
