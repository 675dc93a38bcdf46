import { useSiteContent } from '@dealership/web-ui';
import { Stack, Text, Title } from '@mantine/core';
import classes from './Home.module.css';

/**
 * The FAQ accordion on native `<details>`: keyboard and screen-reader support come with the
 * element, and no accordion JavaScript is shipped. The questions are the staff's (`content.current`),
 * by default the spec's five.
 */
export function HomeFaq() {
  const { faq } = useSiteContent();
  return (
    <section aria-labelledby="faq-heading">
      <Title order={2} id="faq-heading" mb="xs">
        Frequently Asked Questions
      </Title>
      <Text c="gray.7" mb="lg">
        Straight answers about buying, importing and financing a car in Kenya.
      </Text>
      <Stack gap="sm">
        {faq.map((item, index) => (
          <details key={index} className={classes.faqItem}>
            <summary className={classes.faqQuestion}>{item.question}</summary>
            <Text className={classes.faqAnswer}>{item.answer}</Text>
          </details>
        ))}
      </Stack>
    </section>
  );
}
