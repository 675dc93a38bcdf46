// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): these are the form's and the table's.
import '@mantine/core/styles/Input.css';
import { FINANCE_DEPOSIT, FINANCE_TERM_MONTHS, type FinanceQuery, financeQuote, parseFinanceQuery } from '@dealership/setting-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { AmountInput, ErrorState, PageLoader, Seo } from '@dealership/web-ui';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ResultTable } from './ResultTable';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { sitePathOf } from './calculator-links';
import { longDate, useCurrentRates } from './use-current-rates';
import fieldClasses from './CalculatorFields.module.css';

const DESCRIPTION =
  'Work out the monthly instalment and the total cost of credit of a car loan in Kenya: price, deposit, term and interest rate, on a reducing balance.';

/** Default term, months. */
export const DEFAULT_FINANCE_MONTHS = 48;

/** The financing page for a price (20% deposit, 48 months, the rate in force unless given). */
export function financingPath(query: FinanceQuery): string {
  return sitePathOf(sitePath('financing'), query);
}

export interface FinancingPageProps {
  /** "Apply": opens the financing application prefilled with these terms (the lead feature's form). */
  renderApply?: (terms: { price: number; deposit: number; months: number }) => ReactNode;
}

/**
 * /financing: a reducing-balance car loan, with the monthly instalment and the total cost of
 * credit (interest and fees over the term) that the Central Bank of Kenya requires lenders to
 * disclose. The inputs live in the URL (`?price=1000000&deposit=0&months=48&rate=14.5`, deposit in KES).
 */
export function FinancingPage({ renderApply }: FinancingPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseFinanceQuery(Object.fromEntries(searchParams));
  const rates = useCurrentRates();

  const set = (changes: Partial<Record<keyof FinanceQuery, number | undefined>>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const price = query.price;
  const deposit =
    price === undefined ? undefined : Math.min(query.deposit ?? Math.round(price * FINANCE_DEPOSIT.default), Math.round(price * FINANCE_DEPOSIT.max));
  const depositPercent = price && deposit !== undefined ? Math.round((deposit / price) * 1000) / 10 : undefined;
  const months = query.months ?? DEFAULT_FINANCE_MONTHS;
  const rate = query.rate ?? rates.data?.finance.annualRatePercent;

  let result;
  if (rates.isPending && query.rate === undefined) result = <PageLoader label="Loading the rates…" minHeight={200} />;
  else if (rates.isError && query.rate === undefined) {
    result = (
      <ErrorState
        title="Could not load the rates"
        message="Please check your connection and try again."
        onRetry={() => void rates.refetch()}
        retrying={rates.isRefetching}
      />
    );
  } else if (price === undefined || deposit === undefined || rate === undefined) {
    result = <Text c="gray.7">Enter the car's price to see the instalment.</Text>;
  } else {
    const quote = financeQuote({ price, deposit, months, annualRatePercent: rate }, rates.data?.finance ?? { arrangementFee: 0, fixedFees: 0 });
    const lines: [string, number][] = [
      ['Monthly instalment', quote.monthlyInstalment],
      ['Amount financed', quote.amountFinanced],
      ['Total interest', quote.totalInterest],
      ['Fees', quote.fees],
      ['Total cost of credit', quote.totalCostOfCredit],
      ['Total payable (deposit, instalments and fees)', quote.totalPayable],
    ];
    result = (
      <Stack gap="sm">
        <ResultTable label="Financing quote" lines={lines} strong={['Monthly instalment', 'Total cost of credit']} />
        <Text size="sm" c="gray.7">
          {months} monthly instalments at {rate}% a year on a reducing balance: each month's interest is charged on what is still owed, and the instalment is P
          × r ÷ (1 − (1 + r)^−n), with P the amount financed, r the annual rate ÷ 12 and n the months, rounded to the shilling. The total cost of credit is the
          interest and fees over the whole term, as the Central Bank of Kenya requires lenders to disclose.
          {rates.data ? ` Fees and the default rate as in force from ${longDate(rates.data.effectiveFrom)}; the bank confirms the final terms.` : ''}
        </Text>
        {renderApply ? <Group>{renderApply({ price, deposit, months })}</Group> : null}
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      <Seo
        title="Car Financing Calculator: Instalment and Total Cost of Credit"
        description={DESCRIPTION}
        path={sitePath('financing')}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'WebApplication',
          name: 'Car financing calculator',
          applicationCategory: 'FinanceApplication',
          description: DESCRIPTION,
          offers: { '@type': 'Offer', price: 0, priceCurrency: 'KES' },
        }}
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Financing calculator</Title>
          <Text>
            What a car costs you a month, and what the loan costs in all. We arrange financing with partner banks: apply here and our staff call you; your ID
            and statements are collected in person, never online.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md" component="form" aria-label="The loan" onSubmit={(event) => event.preventDefault()}>
          <div className={fieldClasses.fields}>
            <AmountInput label="Car price (KES)" value={price} onChange={(value) => set({ price: value })} />
            <Group grow gap="xs" align="flex-start">
              <AmountInput label="Deposit (KES)" disabled={price === undefined} value={deposit} onChange={(value) => set({ deposit: value })} />
              <AmountInput
                label="Deposit (%)"
                decimal
                suffix="%"
                disabled={price === undefined}
                value={depositPercent}
                onChange={(value) =>
                  price && set({ deposit: value === undefined ? undefined : Math.round((price * Math.min(value, FINANCE_DEPOSIT.max * 100)) / 100) })
                }
              />
            </Group>
            <AmountInput
              label="Term (months)"
              description={`${FINANCE_TERM_MONTHS.min} to ${FINANCE_TERM_MONTHS.max} months`}
              value={query.months ?? months}
              onChange={(value) => set({ months: value })}
              error={
                query.months === undefined && searchParams.has('months') ? `Choose ${FINANCE_TERM_MONTHS.min} to ${FINANCE_TERM_MONTHS.max} months` : undefined
              }
            />
            <AmountInput label="Interest rate (% a year)" decimal suffix="%" value={rate} onChange={(value) => set({ rate: value })} />
          </div>
        </Paper>
        <section aria-labelledby="quote-heading">
          <Title order={2} size="h3" id="quote-heading" mb="sm">
            Your instalment
          </Title>
          <div aria-live="polite">{result}</div>
        </section>
        <Group gap="sm">
          <Button component={Link} to={sitePath('cars')} variant="default">
            Browse cars
          </Button>
          <Button component={Link} to={sitePath('importDuty')} variant="default">
            Import duty estimator
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
