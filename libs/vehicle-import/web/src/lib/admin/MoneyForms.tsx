import { nairobiDate } from '@dealership/shared-util';
import { ImportPaymentInputSchema, ImportPriceInputSchema, PAYMENT_METHODS, type VehicleImport } from '@dealership/vehicle-import-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { AmountInput } from '@dealership/web-ui';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { PAYMENT_METHOD_LABELS } from './import-words';
import { showRefusal, useImportWrite } from './import-write';

const validatePayment = schemaResolver(ImportPaymentInputSchema, { sync: true });
const validatePrice = schemaResolver(ImportPriceInputSchema, { sync: true });

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

/** A form's amount in shillings as AmountInput takes it (an empty box is ''). */
function kesInputProps<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, name: keyof Values & string) {
  return {
    ...form.getInputProps(name),
    value: form.values[name] as number | '',
    onChange: (amount: number | undefined) => form.setValues({ [name]: amount ?? '' } as Partial<Values>),
  };
}

type PaymentValues = { importId: string; amountKes: number | ''; method: (typeof PAYMENT_METHODS)[number]; reference: string; receivedOn: string };

function FormButtons({ onCancel, busy, submit }: { onCancel: () => void; busy: boolean; submit: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}

/** A refusal on the form's input it names (never the hidden `importId`), or in a notification. */
const refusalOf = (form: { values: object; setErrors: (errors: FormErrors) => void }) => (error: unknown) =>
  showRefusal(error, form.setErrors, (field) => (field !== 'importId' && field in form.values ? field : null));

/** A payment received from the buyer towards the import (the deposit or the balance). */
export function PaymentForm({ vehicleImport, onDone }: { vehicleImport: VehicleImport; onDone: () => void }) {
  const record = trpc.vehicleImport.recordPayment.useMutation();
  const write = useImportWrite(onDone);
  const form = useForm<PaymentValues>({
    initialValues: { importId: vehicleImport.id, amountKes: '', method: 'mpesa', reference: '', receivedOn: nairobiDate() },
    validate: validatePayment,
  });

  const save = (values: PaymentValues) =>
    write(
      () => record.mutateAsync({ ...values, amountKes: Number(values.amountKes), reference: values.reference.trim() || undefined }),
      'Payment recorded',
      refusalOf(form),
    );

  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label="Record payment">
      <Stack gap="sm">
        <AmountInput label="Amount (KES)" required {...kesInputProps(form, 'amountKes')} />
        <Select label="Method" data={METHOD_OPTIONS} allowDeselect={false} {...form.getInputProps('method')} />
        <TextInput label="Reference" description="The M-Pesa code or the bank's reference" {...form.getInputProps('reference')} />
        <TextInput label="Received on" placeholder="YYYY-MM-DD" required {...form.getInputProps('receivedOn')} />
        <FormButtons onCancel={onDone} busy={record.isPending} submit="Save payment" />
      </Stack>
    </form>
  );
}

type PriceValues = { importId: string; agreedPriceKes: number | ''; depositKes: number | '' };

/** Owners only: the buyer's agreed price and deposit. */
export function PriceForm({ vehicleImport, onDone }: { vehicleImport: VehicleImport; onDone: () => void }) {
  const setPrice = trpc.vehicleImport.setPrice.useMutation();
  const write = useImportWrite(onDone);
  const form = useForm<PriceValues>({
    initialValues: { importId: vehicleImport.id, agreedPriceKes: vehicleImport.agreedPriceKes, depositKes: vehicleImport.depositKes },
    validate: validatePrice,
  });

  const save = (values: PriceValues) =>
    write(
      () => setPrice.mutateAsync({ importId: values.importId, agreedPriceKes: Number(values.agreedPriceKes), depositKes: Number(values.depositKes) }),
      'Price changed',
      refusalOf(form),
    );

  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label="Change price">
      <Stack gap="sm">
        <AmountInput label="Agreed price (KES)" required {...kesInputProps(form, 'agreedPriceKes')} />
        <AmountInput label="Deposit (KES)" required {...kesInputProps(form, 'depositKes')} />
        <FormButtons onCancel={onDone} busy={setPrice.isPending} submit="Save price" />
      </Stack>
    </form>
  );
}
