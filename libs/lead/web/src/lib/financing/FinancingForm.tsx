// NativeSelect's chevron is sized by the combobox sheet (public pages load only the sheets they use).
import '@mantine/core/styles/Combobox.css';
import { INCOME_BANDS, type FinancingLeadInput } from '@dealership/lead-schemas';
import { FINANCE_DEPOSIT, FINANCE_TERM_MONTHS } from '@dealership/setting-schemas';
import { AmountInput } from '@dealership/web-ui';
import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { amountField, ContactFields, FormFailure, Honeypot, kesFormat, LeadSent, OptionalMessage, useSendLead } from '../kinds/lead-form-parts';
import { ConsentBox } from '../kinds/ConsentBox';
import { lazyResolver, preloadLeadContract } from '../kinds/lazy-contract';
import { SendButton } from '../kinds/SendButton';

const validateFinancing = lazyResolver<FinancingLeadInput>((contract) => contract.FinancingLeadSchema);

/** The fields the visitor sees (the terms are the kind's `details`). */
const VISIBLE_FIELDS = ['name', 'phone', 'email', 'consent', 'message'] as const;

/** What the financing form says about documents: the staff collect them in person. */
export const FINANCING_DOCUMENTS_NOTE = 'We never ask for your ID number or statements online: our staff collect them in person.';

export interface FinancingFormProps {
  /** The car to finance, when the buyer comes from its page. */
  carId?: string;
  carName?: string;
  /** The terms to start from (the car's price, a deposit, a term in months). */
  price?: number;
  /** KES; with a price and no deposit, the usual share of the price (20%). */
  deposit?: number;
  months?: number;
  onSent?: () => void;
}

/**
 * A financing application's first step (lead kind `financing`): the price, deposit, term and a
 * monthly income band, for our partner banks' first look. Nothing that identifies the buyer
 * beyond their contact: the documents are collected at the showroom.
 */
export function FinancingForm({ carId, carName, price, deposit, months = 48, onSent }: FinancingFormProps) {
  const form = useForm<FinancingLeadInput>({
    initialValues: {
      kind: 'financing',
      name: '',
      phone: '',
      email: '',
      consent: false,
      message: '',
      carId,
      details: {
        price: price ?? '',
        deposit: deposit ?? (price === undefined ? '' : Math.round(price * FINANCE_DEPOSIT.default)),
        months,
        incomeBand: '' as FinancingLeadInput['details']['incomeBand'],
      },
      website: '',
    },
    validate: validateFinancing,
  });
  const { send, sent, failure, pending } = useSendLead({
    visibleFields: VISIBLE_FIELDS,
    setErrors: form.setErrors,
    validate: () => !form.validate().hasErrors,
    carName,
    onSent,
  });
  const field = (name: keyof FinancingLeadInput) => form.getInputProps(name);
  const detail = (name: keyof FinancingLeadInput['details']) => form.getInputProps(`details.${name}`);

  if (sent) {
    const terms = form.getValues().details;
    return (
      <LeadSent
        title="Thank you, we have your financing request"
        whatsappText={`Hello, I asked about financing${carName ? ` the ${carName}` : ''} over ${terms.months} months.`}
      >
        Our finance team will call you on the number you gave within working hours to go through financing KES{' '}
        {kesFormat.format(Number(terms.price) - Number(terms.deposit))} over {terms.months} months with our partner banks, and to tell you which documents to
        bring to the showroom.
      </LeadSent>
    );
  }

  return (
    <form
      onFocusCapture={preloadLeadContract}
      noValidate
      onSubmit={form.onSubmit((values) => void send(values))}
      aria-label={carName ? `Apply for financing of the ${carName}` : 'Apply for financing'}
    >
      <Stack gap="sm">
        <ContactFields field={field} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput label="Price (KES)" required {...amountField(detail('price'))} />
          <AmountInput label="Deposit (KES)" required {...amountField(detail('deposit'))} />
          <AmountInput
            label="Months to pay"
            description={`${FINANCE_TERM_MONTHS.min} to ${FINANCE_TERM_MONTHS.max}`}
            required
            separators={false}
            maxLength={2}
            {...amountField(detail('months'))}
          />
          <NativeSelect label="Monthly income" required data={[{ value: '', label: 'Choose a band' }, ...INCOME_BANDS]} {...detail('incomeBand')} />
        </SimpleGrid>
        <OptionalMessage field={field} />
        <Text size="sm" c="gray.7">
          {FINANCING_DOCUMENTS_NOTE}
        </Text>
        <ConsentBox props={form.getInputProps('consent', { type: 'checkbox' })} />
        <Honeypot field={field} />
        <FormFailure failure={failure} />
        <SendButton loading={pending}>Send my request</SendButton>
      </Stack>
    </form>
  );
}
