import type { FaqEntry } from './content.schemas';

// Its own module: the public pages' first JavaScript does not carry it (the home page gets the FAQ
// with its data, `content.current`).

/**
 * The home FAQ as the site has always had it (spec §2, figures of §9), the owner's to correct. The
 * import-cost answer states the duty calculator's first rate set (`DEFAULT_DUTY_RATES`, a test
 * holds them equal) instead of the spec's 25% duty and 2.25% IDF, which the calculator contradicted
 * (docs/deviations.md).
 */
export const DEFAULT_FAQ: readonly FaqEntry[] = [
  {
    question: 'When is the best time to buy a car in Mombasa?',
    answer:
      'Any time of year works with us: our stock changes every month as new imports land at the Port of Mombasa. Buyers often find the widest choice just after a shipment clears, and at the end of the year when we make room for new arrivals.',
  },
  {
    question: 'How much does it cost to import a car to Kenya?',
    answer:
      'KRA taxes a used car on its customs value: its current retail selling price (CRSP) less depreciation for its age, or the CIF value (cost, insurance and freight) when that is higher. At the rates of November 2026 that is import duty of 35%, excise duty of 20% for most passenger vehicles (up to 1,500 cc; 25% or 35% for larger engines), VAT of 16% of the customs value plus duties, an import declaration fee (IDF) of 2.5% and a railway development levy (RDL) of 2%. Our import duty calculator works out your car with the rates in force. We give you the full landed cost before you commit and handle the clearing for you.',
  },
  {
    question: 'How do you inspect your used cars?',
    answer:
      'Our used cars go through a 150-point inspection covering the engine, gearbox, suspension, brakes, electrics, body and interior, and a road test. A car marked Inspected shows its report on its page: the date, the odometer reading, every point that needs attention with its photo, and for a foreign-used import its auction grade and the mileage on its export certificate.',
  },
  {
    question: 'What financing options do you offer?',
    answer:
      'We work with leading Kenyan banks and asset financiers to offer car loans with flexible deposits and repayment periods. Bring your ID, KRA PIN and bank statements, and approval typically comes through in 2-3 working days.',
  },
  {
    question: 'Why should I choose your dealership?',
    answer:
      'We have a 100% delivery record, more than 10 years of experience and over 500 satisfied customers. Every price is clear, a car marked Inspected shows its 150-point report, and our team in Mombasa stays with you from the first call to the handover of the keys.',
  },
];
