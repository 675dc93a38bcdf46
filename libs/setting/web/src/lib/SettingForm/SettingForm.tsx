import {
  DEFAULT_RESERVATION_RULES,
  type DutyRates,
  RESERVATION_BOUNDS,
  type ReservationRules,
  SettingCreateInputSchema,
  type SettingCreateInput,
  SETTING_NOTE_MAX_LENGTH,
} from '@dealership/setting-schemas';
import { Button, Fieldset, Group, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

/** The rates the form shows as percentages (the contract keeps fractions: 0.35 is 35%). */
const PERCENT_RATES = [
  'importDuty',
  'exciseSmall',
  'exciseMid',
  'exciseLarge',
  'exciseElectric',
  'vat',
  'idf',
  'rdl',
] as const satisfies readonly (keyof DutyRates)[];

const DUTY_LABELS: Record<(typeof PERCENT_RATES)[number], string> = {
  importDuty: 'Import duty',
  exciseSmall: 'Excise, up to 1,500 cc',
  exciseMid: 'Excise, 1,501-3,000 cc petrol or 1,501-2,500 cc diesel',
  exciseLarge: 'Excise, larger engines',
  exciseElectric: 'Excise, electric',
  vat: 'VAT',
  idf: 'IDF',
  rdl: 'RDL',
};

const AGE_LABELS = [
  'Up to 1 year',
  'Over 1 up to 2 years',
  'Over 2 up to 3 years',
  'Over 3 up to 4 years',
  'Over 4 up to 5 years',
  'Over 5 up to 6 years',
  'Over 6 up to 7 years',
  'Over 7 up to 8 years',
];

type DepositKind = ReservationRules['deposit']['kind'];

/** The reservation rules as the form edits them: both deposit values kept, so switching the kind back loses nothing. */
export interface ReservationFormValues extends Omit<ReservationRules, 'deposit'> {
  depositKind: DepositKind;
  depositAmount: number;
  depositPercent: number;
}

/** A rate set as the form edits it: every rate in percent. */
export interface SettingFormValues {
  effectiveFrom: string;
  duty: Omit<DutyRates, 'depreciation'> & { depreciation: number[] };
  finance: { annualRatePercent: number; arrangementFee: number; fixedFees: number };
  reservation: ReservationFormValues;
  note: string;
}

// What the input of the kind not saved starts from, when the staff switch to it.
const OTHER_DEPOSIT = { amount: 50_000, percent: 5 };

function reservationFormValues({ deposit, ...rules }: ReservationRules): ReservationFormValues {
  return {
    ...rules,
    depositKind: deposit.kind,
    depositAmount: deposit.kind === 'fixed' ? deposit.amount : OTHER_DEPOSIT.amount,
    depositPercent: deposit.kind === 'percent' ? deposit.percent : OTHER_DEPOSIT.percent,
  };
}

function toReservation({ depositKind, depositAmount, depositPercent, ...rules }: ReservationFormValues): ReservationRules {
  const deposit = depositKind === 'fixed' ? { kind: depositKind, amount: Number(depositAmount) } : { kind: depositKind, percent: Number(depositPercent) };
  return {
    deposit,
    paidHoldDays: Number(rules.paidHoldDays),
    unpaidHoldHours: Number(rules.unpaidHoldHours),
    reminderHoursBeforeExpiry: Number(rules.reminderHoursBeforeExpiry),
    maxUnpaidPerBuyer: Number(rules.maxUnpaidPerBuyer),
    maxUnpaidCarsPerBuyer: Number(rules.maxUnpaidCarsPerBuyer),
    maxUnpaidCarsPerAddress: Number(rules.maxUnpaidCarsPerAddress),
    tradeInOfferValidDays: Number(rules.tradeInOfferValidDays),
  };
}

// The schema's deposit paths, as the form's fields.
const FORM_PATHS: Record<string, string> = {
  'reservation.deposit.amount': 'reservation.depositAmount',
  'reservation.deposit.percent': 'reservation.depositPercent',
};

// Rounded so 0.55 shows as 55, not 55.00000000000001.
const toPercent = (fraction: number) => Math.round(fraction * 1e6) / 1e4;
const toFraction = (percent: number) => Math.round(percent * 1e4) / 1e6;

/** A rate set (the contract's fractions) as the form's percentages. */
export function settingFormValues(setting: SettingFormInitial): SettingFormValues {
  const duty = { ...setting.duty };
  for (const key of PERCENT_RATES) duty[key] = toPercent(duty[key]);
  return {
    effectiveFrom: setting.effectiveFrom,
    duty: { ...duty, depreciation: setting.duty.depreciation.map(toPercent) },
    finance: { ...setting.finance, arrangementFee: toPercent(setting.finance.arrangementFee) },
    reservation: reservationFormValues({ ...DEFAULT_RESERVATION_RULES, ...setting.reservation }),
    note: setting.note ?? '',
  };
}

/** The form's percentages back as the contract's fractions. */
function toInput(values: SettingFormValues): SettingCreateInput {
  const duty = { ...values.duty };
  for (const key of PERCENT_RATES) duty[key] = toFraction(Number(duty[key]));
  return {
    effectiveFrom: values.effectiveFrom,
    duty: { ...duty, depreciation: values.duty.depreciation.map((rate) => toFraction(Number(rate))) },
    finance: { ...values.finance, arrangementFee: toFraction(Number(values.finance.arrangementFee)) },
    reservation: toReservation(values.reservation),
    note: values.note,
  };
}

/** The server's schema, run on the converted values; its issues land on the fields they name ("duty.vat"). */
function validate(values: SettingFormValues): Record<string, string> {
  const result = SettingCreateInputSchema.safeParse(toInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    // The field's label says what it is: "vat must be at most 100%" shows as "Must be at most 100%",
    // and a field named in brackets at the end is left to the server's message.
    errors[FORM_PATHS[path] ?? path] ??= issue.message.replace(/^[a-zA-Z.]+ must/, 'Must').replace(/ \([a-zA-Z.]+\)$/, '');
  }
  return errors;
}

/** A rate set to start the form from: a saved one, or the one in force. */
export type SettingFormInitial = Omit<SettingCreateInput, 'note'> & { note?: string | null };

export interface SettingFormProps {
  /** Called with the rates as fractions, checked with the server's own schema first (an emptied note is '', which the server stores as none). */
  onSubmit: (values: SettingCreateInput) => void | Promise<void>;
  initialValues: SettingFormInitial;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
  onCancel?: () => void;
}

/** A dated rate set: the import-duty rates, the financing terms and the reservation rules, checked with the server's schema. */
export function SettingForm({ onSubmit, initialValues, submitLabel = 'Save', saving = false, onCancel }: SettingFormProps) {
  const form = useForm<SettingFormValues>({ mode: 'uncontrolled', initialValues: settingFormValues(initialValues), validate });
  // Uncontrolled: the deposit's kind is watched to show the one input it needs.
  const [depositKind, setDepositKind] = useState(form.getValues().reservation.depositKind);
  form.watch('reservation.depositKind', ({ value }) => setDepositKind(value));
  const percent = (path: string, label: string) => (
    <NumberInput key={form.key(path)} label={label} suffix="%" decimalScale={3} min={0} max={100} hideControls {...form.getInputProps(path)} />
  );
  const whole = (path: string, label: string, description: string, { min, max }: { min: number; max: number }) => (
    <NumberInput
      key={form.key(path)}
      label={label}
      description={description}
      allowDecimal={false}
      allowNegative={false}
      min={min}
      max={max}
      hideControls
      {...form.getInputProps(path)}
    />
  );

  // Hours to the hundredth, a quarter of an hour a step: a hold short enough to try out, or 0 where allowed.
  const hours = (path: string, label: string, description: string, { min, max }: { min: number; max: number }) => (
    <NumberInput
      key={form.key(path)}
      label={label}
      description={description}
      decimalScale={2}
      step={0.25}
      allowNegative={false}
      min={min}
      max={max}
      {...form.getInputProps(path)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const checked = SettingCreateInputSchema.parse(toInput(values));
        return onSubmit({ ...checked, note: checked.note ?? '' });
      })}
      aria-label="Rate set"
    >
      <Stack gap="md">
        <TextInput
          type="date"
          label="Takes effect on"
          description="The calculators use the latest set that has taken effect (Nairobi date)."
          required
          key={form.key('effectiveFrom')}
          {...form.getInputProps('effectiveFrom')}
        />
        <Fieldset legend="Import duty (KRA)">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {PERCENT_RATES.map((key) => percent(`duty.${key}`, DUTY_LABELS[key]))}
            <NumberInput
              key={form.key('duty.taxStrippingFactor')}
              label="Tax-stripping factor"
              description="The depreciated CRSP is divided by it (1 leaves it as it is)."
              decimalScale={4}
              min={0.1}
              max={10}
              hideControls
              {...form.getInputProps('duty.taxStrippingFactor')}
            />
            <NumberInput
              key={form.key('duty.cutoffYear')}
              label="Eight-year rule: oldest year of first registration"
              allowDecimal={false}
              min={1990}
              max={2100}
              hideControls
              {...form.getInputProps('duty.cutoffYear')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Depreciation by age from first registration">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {AGE_LABELS.map((label, index) => percent(`duty.depreciation.${index}`, label))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Financing">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {percent('finance.annualRatePercent', 'Annual interest rate')}
            {percent('finance.arrangementFee', 'Arrangement fee')}
            <NumberInput
              key={form.key('finance.fixedFees')}
              label="Other fees (KES)"
              thousandSeparator=","
              allowDecimal={false}
              min={0}
              hideControls
              {...form.getInputProps('finance.fixedFees')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Reservations">
          <Stack gap="sm">
            <Radio.Group
              key={form.key('reservation.depositKind')}
              label="Booking deposit"
              description="What a buyer pays to hold a car. It is never more than the car's price."
              {...form.getInputProps('reservation.depositKind')}
            >
              <Group gap="lg" mt={6}>
                <Radio value="fixed" label="Fixed amount" />
                <Radio value="percent" label="Percentage of the price" />
              </Group>
            </Radio.Group>
            {depositKind === 'fixed' ? (
              <NumberInput
                key={form.key('reservation.depositAmount')}
                label="Deposit per car (KES)"
                thousandSeparator=","
                allowDecimal={false}
                allowNegative={false}
                min={RESERVATION_BOUNDS.depositAmount.min}
                max={RESERVATION_BOUNDS.depositAmount.max}
                hideControls
                {...form.getInputProps('reservation.depositAmount')}
              />
            ) : (
              <NumberInput
                key={form.key('reservation.depositPercent')}
                label="Deposit, percentage of the price"
                description="Rounded up to the next shilling."
                suffix="%"
                decimalScale={2}
                allowNegative={false}
                min={RESERVATION_BOUNDS.depositPercent.min}
                max={RESERVATION_BOUNDS.depositPercent.max}
                hideControls
                {...form.getInputProps('reservation.depositPercent')}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {whole('reservation.paidHoldDays', 'Hold with a paid deposit (days)', 'A paid deposit holds the car this long.', RESERVATION_BOUNDS.paidHoldDays)}
              {hours(
                'reservation.unpaidHoldHours',
                'Hold without a deposit (hours)',
                'A reservation without a deposit expires after this long (0.5 is half an hour).',
                RESERVATION_BOUNDS.unpaidHoldHours,
              )}
              {hours(
                'reservation.reminderHoursBeforeExpiry',
                'Reminder before expiry (hours)',
                'The buyer is reminded to pay this long before the reservation expires; 0 sends no reminder.',
                { min: RESERVATION_BOUNDS.reminderHoursBeforeExpiry.min, max: RESERVATION_BOUNDS.unpaidHoldHours.max - 1 },
              )}
              {whole(
                'reservation.maxUnpaidPerBuyer',
                'Unpaid reservations per buyer',
                'The most reservations without a deposit one account may have open.',
                RESERVATION_BOUNDS.maxUnpaidPerBuyer,
              )}
              {whole(
                'reservation.maxUnpaidCarsPerBuyer',
                'Unpaid cars per buyer',
                'The most cars one account may hold without a deposit, across its reservations.',
                RESERVATION_BOUNDS.maxUnpaidCarsPerBuyer,
              )}
              {whole(
                'reservation.maxUnpaidCarsPerAddress',
                'Unpaid cars per network',
                'The most cars held without a deposit from one internet address (a home or office network), whatever the accounts.',
                RESERVATION_BOUNDS.maxUnpaidCarsPerAddress,
              )}
              {whole(
                'reservation.tradeInOfferValidDays',
                'Trade-in offer valid (days)',
                'How long a written trade-in offer holds by default; the Terms page says so.',
                RESERVATION_BOUNDS.tradeInOfferValidDays,
              )}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Textarea
          label="Note"
          description="What changed and why: a Finance Act, a bank's new rate."
          autosize
          minRows={2}
          maxLength={SETTING_NOTE_MAX_LENGTH}
          key={form.key('note')}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
