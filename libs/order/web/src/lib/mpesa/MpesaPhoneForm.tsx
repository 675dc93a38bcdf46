import { MpesaPhoneSchema, PayDepositInputSchema } from '@dealership/order-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';

// The field of `order.payDeposit` the buyer fills in, checked as the server checks it.
const PhoneFormSchema = PayDepositInputSchema.pick({ phone: true });

/** The profile's number when M-Pesa can prompt it (a Safaricom mobile), otherwise nothing to start from. */
export function mpesaPhoneOf(phone: string | null | undefined): string {
  const value = phone?.trim() ?? '';
  return MpesaPhoneSchema.safeParse(value).success ? value : '';
}

export interface MpesaPhoneFormProps {
  /** The number to start from: the profile's, or the one of the last try. */
  defaultPhone?: string | null;
  /** "Pay deposit by M-Pesa", or "Try again". */
  submitLabel: string;
  busy?: boolean;
  /** The server's word on the number. */
  phoneError?: string | null;
  onSubmit: (phone: string) => void;
  /** Back to the other ways to pay (the cart). */
  onCancel?: () => void;
}

/**
 * The Safaricom number M-Pesa prompts for the deposit. Loaded with the M-Pesa step only, so the
 * cart page ships without zod.
 */
export function MpesaPhoneForm({ defaultPhone, submitLabel, busy = false, phoneError, onSubmit, onCancel }: MpesaPhoneFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { phone: mpesaPhoneOf(defaultPhone) },
    validate: schemaResolver(PhoneFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (phoneError) form.setFieldError('phone', phoneError);
    // `form` is a new object each render; the server's message is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phoneError]);

  return (
    <form noValidate onSubmit={form.onSubmit(({ phone }) => onSubmit(phone.trim()))} aria-label="M-Pesa payment">
      <TextInput
        label="M-Pesa number"
        description="The Safaricom number that pays. M-Pesa sends a prompt to this phone."
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0712 345 678"
        maxLength={30}
        required
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <Group gap="sm" mt="md">
        <Button type="submit" size="md" loading={busy} style={{ flex: '1 1 auto' }}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="subtle" onClick={onCancel} disabled={busy}>
            Back
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
