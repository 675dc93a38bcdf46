import { sitePath } from '@dealership/shared-schemas';
import { PURCHASE_CURRENCIES, VehicleImportOpenInputSchema, type VehicleImportOpenInput, IMPORT_MILESTONE_LABELS } from '@dealership/vehicle-import-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Anchor, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/** What an import request in the leads inbox gives the form: the buyer and what they asked for. */
export interface ImportLead {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  details: { make: string; model: string; yearFrom: number; yearTo: number; budget: number } | null;
}

const validate = schemaResolver(VehicleImportOpenInputSchema, { sync: true });

/** A form value of a number input: '' while empty. */
type Numeric = number | '';
type FormValues = Omit<VehicleImportOpenInput, 'yearOfManufacture' | 'yearOfFirstRegistration' | 'agreedPriceKes' | 'depositKes' | 'purchasePrice' | 'exchangeRate'> & {
  yearOfManufacture: Numeric;
  yearOfFirstRegistration: Numeric;
  agreedPriceKes: Numeric;
  depositKes: Numeric;
  purchasePrice: Numeric;
  exchangeRate: Numeric;
};

const optionalNumber = (value: Numeric) => (value === '' ? undefined : value);

function OpenImportForm({ lead, onOpened }: { lead?: ImportLead; onOpened: (id: string) => void }) {
  const open = trpc.vehicleImport.open.useMutation();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: {
      leadId: lead?.id,
      buyerName: lead?.name ?? '',
      buyerPhone: lead?.phone ?? '',
      buyerEmail: lead?.email ?? '',
      make: lead?.details?.make ?? '',
      model: lead?.details?.model ?? '',
      yearOfManufacture: lead?.details?.yearTo ?? '',
      yearOfFirstRegistration: lead?.details?.yearTo ?? '',
      chassisNumber: '',
      auctionHouse: '',
      auctionLot: '',
      auctionGrade: '',
      purchaseCurrency: 'JPY',
      purchasePrice: '',
      exchangeRate: '',
      agreedPriceKes: lead?.details?.budget ?? '',
      depositKes: '',
      expectedArrival: '',
      staffNote: '',
    },
  });

  const input = (values: FormValues): VehicleImportOpenInput => ({
    ...values,
    yearOfManufacture: values.yearOfManufacture as number,
    yearOfFirstRegistration: values.yearOfFirstRegistration as number,
    agreedPriceKes: values.agreedPriceKes as number,
    depositKes: optionalNumber(values.depositKes),
    purchasePrice: optionalNumber(values.purchasePrice),
    exchangeRate: optionalNumber(values.exchangeRate),
    expectedArrival: values.expectedArrival || undefined,
  });

  const save = async (values: FormValues) => {
    const checked = validate(input(values) as never);
    if (Object.keys(checked).length > 0) {
      form.setErrors(checked);
      return;
    }
    try {
      const opened = await open.mutateAsync(input(values));
      notifySuccess(`Import ${opened.reference} opened`);
      onOpened(opened.id);
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      form.setErrors(fieldErrors);
      notifyError(message);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))} aria-label="Open import">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Buyer name" withAsterisk {...form.getInputProps('buyerName')} key={form.key('buyerName')} />
          <TextInput label="Buyer phone" withAsterisk {...form.getInputProps('buyerPhone')} key={form.key('buyerPhone')} />
          <TextInput label="Buyer email" type="email" {...form.getInputProps('buyerEmail')} key={form.key('buyerEmail')} />
          <TextInput label="Make" withAsterisk {...form.getInputProps('make')} key={form.key('make')} />
          <TextInput label="Model" withAsterisk {...form.getInputProps('model')} key={form.key('model')} />
          <TextInput label="Chassis number" withAsterisk placeholder="NZE161-3012345" {...form.getInputProps('chassisNumber')} key={form.key('chassisNumber')} />
          <NumberInput label="Year of manufacture" withAsterisk allowDecimal={false} {...form.getInputProps('yearOfManufacture')} key={form.key('yearOfManufacture')} />
          <NumberInput label="Year of first registration" withAsterisk allowDecimal={false} {...form.getInputProps('yearOfFirstRegistration')} key={form.key('yearOfFirstRegistration')} />
          <TextInput label="Auction house" placeholder="USS Tokyo" {...form.getInputProps('auctionHouse')} key={form.key('auctionHouse')} />
          <TextInput label="Auction lot" {...form.getInputProps('auctionLot')} key={form.key('auctionLot')} />
          <TextInput label="Auction grade" placeholder="4.5" {...form.getInputProps('auctionGrade')} key={form.key('auctionGrade')} />
          <Select label="Purchase currency" data={[...PURCHASE_CURRENCIES]} allowDeselect={false} {...form.getInputProps('purchaseCurrency')} key={form.key('purchaseCurrency')} />
          <NumberInput label="Purchase price" thousandSeparator="," min={0} {...form.getInputProps('purchasePrice')} key={form.key('purchasePrice')} />
          <NumberInput label="Exchange rate (KES per unit)" decimalScale={4} min={0} {...form.getInputProps('exchangeRate')} key={form.key('exchangeRate')} />
          <NumberInput label="Agreed price (KES)" withAsterisk thousandSeparator="," allowDecimal={false} min={0} {...form.getInputProps('agreedPriceKes')} key={form.key('agreedPriceKes')} />
          <NumberInput label="Deposit (KES)" thousandSeparator="," allowDecimal={false} min={0} {...form.getInputProps('depositKes')} key={form.key('depositKes')} />
          <TextInput label="Expected arrival" placeholder="YYYY-MM-DD" description="About 6 weeks from today if empty" {...form.getInputProps('expectedArrival')} key={form.key('expectedArrival')} />
        </SimpleGrid>
        <Textarea label="Staff note" description="The buyer never sees it" autosize minRows={2} {...form.getInputProps('staffNote')} key={form.key('staffNote')} />
        <Group justify="flex-end">
          <Button type="submit" loading={open.isPending}>
            Open import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * An import request's import in the leads inbox: a link to the import once one was opened from the
 * lead, else the button **Open import** and its form, prefilled from the request.
 */
export function OpenImport({ lead }: { lead: ImportLead }) {
  const utils = trpc.useUtils();
  const existing = trpc.vehicleImport.forLead.useQuery({ leadId: lead.id });
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  if (existing.isPending) return null;
  if (existing.data) {
    const card = existing.data;
    return (
      <Text size="sm">
        <Anchor component={Link} to={sitePath('adminImport', { id: card.id })}>
          Import {card.reference}
        </Anchor>{' '}
        · {card.stage ? IMPORT_MILESTONE_LABELS[card.stage] : 'not bought yet'}
      </Text>
    );
  }
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Open import
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Open import" size="lg" fullScreen={phone}>
        <OpenImportForm
          lead={lead}
          onOpened={() => {
            setOpened(false);
            void utils.vehicleImport.forLead.invalidate({ leadId: lead.id });
          }}
        />
      </Modal>
    </>
  );
}

/**
 * The board's **New import**: an import for a buyer who did not send a request (a walk-in, a phone
 * call). Their account, if any, sees it under My Orders once it has proved the phone or email given.
 */
export function NewImport() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <Button onClick={() => setOpened(true)}>New import</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Open import" size="lg" fullScreen={phone}>
        <OpenImportForm onOpened={(id) => navigate(sitePath('adminImport', { id }))} />
      </Modal>
    </>
  );
}
