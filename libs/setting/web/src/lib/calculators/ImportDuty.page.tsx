// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): these are the form's and the table's.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import {
  DUTY_FUELS,
  type DutyFuel,
  type DutyQuery,
  parseDutyQuery,
  EXPECTED_SHIPPING_DAYS,
  estimateImportDuty,
  oldestImportableYear,
} from '@dealership/setting-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { sitePathOf } from './calculator-links';
import { AmountInput, ErrorState, PageLoader, Seo } from '@dealership/web-ui';
import { Alert, Button, Container, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { ResultTable } from './ResultTable';
import { Link, useSearchParams } from 'react-router-dom';
import { longDate, useCurrentRates } from './use-current-rates';
import fieldClasses from './CalculatorFields.module.css';

const DESCRIPTION =
  'Estimate the KRA import duty, excise duty, VAT, IDF and RDL on a used car imported into Kenya through Mombasa, from its CRSP value, age and engine size.';

const FUEL_LABELS: Record<DutyFuel, string> = { petrol: 'Petrol', diesel: 'Diesel', electric: 'Electric' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The query string of a duty estimate: `?crsp=3000000&registered=2022-05&cc=1500&fuel=petrol`. */
export function dutyEstimatePath(query: DutyQuery): string {
  return sitePathOf(sitePath('importDuty'), query);
}

/** Whole years and months of an age, in words: "4 years 6 months". */
function ageInWords(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years ? `${years} year${years === 1 ? '' : 's'}` : '', rest ? `${rest} month${rest === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.join(' ') || 'less than a month';
}

/**
 * /import-duty: KRA's duty on a used car, line by line. The inputs live in the URL, so a car page
 * links to its own estimate and a buyer can share one; each edit replaces the URL's query.
 */
export function ImportDutyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseDutyQuery(Object.fromEntries(searchParams));
  const rates = useCurrentRates();
  const today = new Date();
  const thisYear = today.getUTCFullYear();
  const [year, month] = query.registered ? query.registered.split('-') : ['', ''];

  /** Writes one input into the URL (an empty one leaves it). */
  const set = (changes: Partial<Record<keyof DutyQuery, string | number | undefined>>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const setRegistered = (nextYear: string, nextMonth: string) => set({ registered: nextYear && nextMonth ? `${nextYear}-${nextMonth}` : undefined });
  const fuel = query.fuel ?? 'petrol';

  let result;
  if (rates.isPending) result = <PageLoader label="Loading KRA rates…" minHeight={200} />;
  else if (rates.isError) {
    result = (
      <ErrorState
        title="Could not load the rates"
        message="Please check your connection and try again."
        onRetry={() => void rates.refetch()}
        retrying={rates.isRefetching}
      />
    );
  } else if (!query.crsp || !query.registered || (fuel !== 'electric' && !query.cc)) {
    result = (
      <Text c="gray.7">Enter the CRSP value, the month of first registration{fuel === 'electric' ? '' : ' and the engine size'} to see the estimate.</Text>
    );
  } else {
    const estimate = estimateImportDuty({ crsp: query.crsp, registered: query.registered, cc: query.cc, fuel, cif: query.cif }, rates.data.duty, today);
    result = estimate.eligible ? (
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Age {ageInWords(estimate.ageMonths)} ({estimate.ageBand}): {Math.round(estimate.depreciation * 100)}% depreciation; excise{' '}
          {Math.round(estimate.exciseRate * 100)}%.
          {estimate.customsValueFrom === 'cif' ? ' The CIF value is higher than the depreciated CRSP, so it is the customs value.' : ''}
        </Text>
        <ResultTable label="Import duty estimate" lines={estimate.lines.map((item) => [item.label, item.amount])} strong={['Total']} />
        <Text size="sm" c="gray.7">
          An estimate, using the KRA rates in force from {longDate(rates.data.effectiveFrom)}. The duty is assessed by KRA on the day the car is cleared; the
          customs value, import duty and excise on it, VAT on all three, IDF and RDL on the customs value. Shipping, port and clearing charges come on top.
        </Text>
      </Stack>
    ) : (
      <Alert color="orange" title="No estimate for this car" role="status">
        {estimate.reason}
      </Alert>
    );
  }

  const years = Array.from({ length: 12 }, (_, i) => String(thisYear - i));
  // A car older than the list (linked from a car page) keeps its year: the rule then explains why there is no estimate.
  if (year && !years.includes(year)) years.push(year);
  const importable = oldestImportableYear(rates.data?.duty ?? { cutoffYear: thisYear - 7 }, today);
  return (
    <Container size="md" py="xl">
      <Seo
        title="Kenya Import Duty Estimator for Used Cars"
        description={DESCRIPTION}
        path={sitePath('importDuty')}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'WebApplication',
          name: 'Kenya import duty estimator',
          applicationCategory: 'FinanceApplication',
          description: DESCRIPTION,
          offers: { '@type': 'Offer', price: 0, priceCurrency: 'KES' },
        }}
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Import duty estimator</Title>
          <Text>
            What KRA will charge to clear a used car at Mombasa, line by line, from its CRSP value (KRA's Current Retail Selling Price list), its age and its
            engine.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md" component="form" aria-label="The car" onSubmit={(event) => event.preventDefault()}>
          <div className={fieldClasses.fields}>
            <AmountInput label="CRSP value (KES)" value={query.crsp} onChange={(value) => set({ crsp: value })} />
            <Group grow gap="xs" align="flex-end">
              <NativeSelect
                label="First registered"
                aria-label="Month of first registration"
                value={month}
                onChange={(event) => setRegistered(year || String(thisYear - 4), event.currentTarget.value)}
                data={[{ value: '', label: 'Month' }, ...MONTHS.map((name, i) => ({ value: String(i + 1).padStart(2, '0'), label: name }))]}
              />
              <NativeSelect
                aria-label="Year of first registration"
                value={year}
                onChange={(event) => setRegistered(event.currentTarget.value, month || '01')}
                data={[{ value: '', label: 'Year' }, ...years]}
              />
            </Group>
            <NativeSelect
              label="Fuel"
              value={fuel}
              onChange={(event) => set({ fuel: event.currentTarget.value, cc: event.currentTarget.value === 'electric' ? undefined : query.cc })}
              data={DUTY_FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }))}
            />
            {fuel === 'electric' ? (
              <Text size="sm" c="gray.7" pt="lg">
                An electric car needs no engine size.
              </Text>
            ) : (
              <AmountInput label="Engine size (cc)" value={query.cc} onChange={(value) => set({ cc: value })} />
            )}
            <AmountInput
              label="CIF invoice value (KES, optional)"
              description="Cost, insurance and freight to Mombasa; KRA uses it when it is higher."
              value={query.cif}
              onChange={(value) => set({ cif: value })}
            />
          </div>
        </Paper>
        <section aria-labelledby="estimate-heading">
          <Title order={2} size="h3" id="estimate-heading" mb="sm">
            Estimate
          </Title>
          <div aria-live="polite">{result}</div>
        </section>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="eight-year-heading">
          <Title order={2} size="h4" id="eight-year-heading" mb="xs">
            The eight-year rule
          </Title>
          <Text>
            Kenya admits used cars first registered less than eight years before they arrive. Shipping from Japan and clearing take about{' '}
            {EXPECTED_SHIPPING_DAYS} days, so a car ordered now arrives in {importable.arrivalYear} and must have been first registered in {importable.year} or
            later; an older one is refused at the port, whatever it costs.
          </Text>
        </Paper>
        <Group gap="sm">
          <Button component={Link} to={sitePath('services')}>
            Import a car with us
          </Button>
          <Button component={Link} to={sitePath('financing')} variant="default">
            Financing calculator
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
