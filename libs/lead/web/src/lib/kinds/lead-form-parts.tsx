// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): the forms' own.
import '@mantine/core/styles/Input.css';
import { LEAD_MESSAGE_MAX_LENGTH, LEAD_NAME_MAX_LENGTH, type LeadCreateInput } from '@dealership/lead-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { useSiteConfig, useSiteContent, whatsappHref } from '@dealership/web-ui';
import { Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import classes from '../enquiry/EnquiryForm.module.css';
import { useLeadContractForSend } from './lazy-contract';

/** The input props of a form's field, as `form.getInputProps` gives them. */
type FieldProps = (field: 'name' | 'phone' | 'email' | 'message' | 'website') => GetInputPropsReturnType;

/**
 * A number field's form props for AmountInput: an empty box is '' in the form's values, which the
 * lead schemas read as "not given" (required fields then say "... is required").
 */
export function amountField(props: GetInputPropsReturnType) {
  // The forms are controlled (useForm's default mode): `value` is the field's value.
  return { ...props, value: props.value as number | '', onChange: (value: number | undefined) => props.onChange(value ?? '') };
}

/** Who the buyer is and how to reach them: name, phone, optional email. */
export function ContactFields({ field }: { field: FieldProps }) {
  return (
    <>
      <TextInput label="Your name" required autoComplete="name" maxLength={LEAD_NAME_MAX_LENGTH} {...field('name')} />
      <TextInput
        label="Phone"
        description="We call or WhatsApp you on it"
        placeholder="0712 345 678"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <TextInput label="Email" description="Optional" type="email" autoComplete="email" {...field('email')} />
    </>
  );
}

/** The optional note every kind but the enquiry takes. */
export function OptionalMessage({ field, label = 'Anything else we should know?' }: { field: FieldProps; label?: string }) {
  return <Textarea label={label} description="Optional" autosize minRows={2} maxRows={6} maxLength={LEAD_MESSAGE_MAX_LENGTH} {...field('message')} />;
}

/** The honeypot: hidden from people and screen readers, filled only by bots. */
export function Honeypot({ field }: { field: FieldProps }) {
  return (
    <div className={classes.honeypot} aria-hidden="true">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...field('website')} />
      </label>
    </div>
  );
}

/**
 * Sends a lead checked by the form, and says how it went: `sent` once stored; a refusal naming a
 * field the form shows lands on that field, anything else (the car gone, the kind's details, too
 * many requests) in `failure`, above the button. The contract's schemas are loaded first if the
 * form had not fetched them yet, and the form is checked again with them (`validate`: false stops).
 */
export function useSendLead(options: {
  visibleFields: readonly string[];
  setErrors: (errors: Record<string, string>) => void;
  /** Checks the form with the loaded schemas and shows its errors; true when it may be sent. */
  validate: () => boolean;
  carName?: string;
  onSent?: () => void;
}) {
  const create = trpc.lead.create.useMutation();
  // Test drives are checked against the opening hours in force, as the server checks them.
  const { hours } = useSiteContent();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { checking, load } = useLeadContractForSend();
  const send = async (values: LeadCreateInput) => {
    setFailure(null);
    const contract = await load();
    if (!contract) {
      setFailure('The form could not be sent: please check your connection and try again.');
      return;
    }
    if (!options.validate()) return;
    try {
      await create.mutateAsync(contract.leadCreateInputSchemaFor(hours).parse(values));
    } catch (error) {
      const info = describeApiError(error);
      options.setErrors(info.fieldErrors);
      if ('carId' in info.fieldErrors && !options.visibleFields.includes('carId')) {
        setFailure(`The ${options.carName ?? 'car'} is no longer listed. Please call us, or choose another car.`);
      } else {
        const shown = Object.keys(info.fieldErrors).find((field) => options.visibleFields.includes(field));
        setFailure(shown ? null : (info.fieldErrors['details'] ?? info.message));
      }
      return;
    }
    setSent(true);
    options.onSent?.();
  };
  return { send, sent, failure, pending: create.isPending || checking };
}

/** The server's refusal that no field carries. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <div className={classes.failure} role="alert">
      {failure}
    </div>
  ) : null;
}

export interface LeadSentProps {
  title: string;
  /** What happens next, in the dealer's words. */
  children: ReactNode;
  /** The WhatsApp message the buyer starts with. */
  whatsappText: string;
}

/** What a sent form gives way to: what happens next, and WhatsApp for the buyer in a hurry. */
export function LeadSent({ title, children, whatsappText }: LeadSentProps) {
  const site = useSiteConfig();
  const content = useSiteContent();
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text>{children}</Text>
      <Text c="gray.7" size="sm">
        In a hurry? Message us on WhatsApp and we answer right away during opening hours ({content.hoursText}).
      </Text>
      <Button component="a" href={whatsappHref(site.whatsappPhone ?? site.dealerPhone, whatsappText)} target="_blank" rel="noopener noreferrer" color="green.8" w="fit-content">
        WhatsApp Us
      </Button>
    </Stack>
  );
}

/** KES with thousands separators, as the forms show amounts. */
export const kesFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
