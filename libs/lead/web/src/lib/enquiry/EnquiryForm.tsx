// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): the form's own.
import '@mantine/core/styles/Input.css';
import { LEAD_MESSAGE_MAX_LENGTH, LEAD_NAME_MAX_LENGTH, nairobiToday, type LeadCreateInput } from '@dealership/lead-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { useSiteConfig, useSiteContent, whatsappHref } from '@dealership/web-ui';
import { Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, useSyncExternalStore } from 'react';
import { lazyResolver, preloadLeadContract, useLeadContractForSend } from '../kinds/lazy-contract';
import classes from './EnquiryForm.module.css';
import { SendButton } from '../kinds/SendButton';
import { ConsentBox } from '../kinds/ConsentBox';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateEnquiry = lazyResolver<LeadCreateInput>((contract) => contract.LeadCreateInputSchema);

const noSubscription = () => () => undefined;
const noDay = () => undefined;

/** The fields the visitor sees: a server's message about one of them shows on it. */
const VISIBLE_FIELDS = ['name', 'phone', 'email', 'consent', 'message', 'preferredDate'] as const;

export interface EnquiryFormProps {
  /** The car asked about: sent with the enquiry, and the message starts about it. */
  car?: { id: string; name: string };
  /** Called once the enquiry is stored (e.g. to resize a dialog). */
  onSent?: () => void;
}

/** What the message says to start with. */
export function enquiryMessage(car?: { name: string }): string {
  return car ? `I'm interested in the ${car.name}. Is it still available?` : '';
}

/**
 * A buyer's enquiry to the dealer (lead kind `enquiry`): name, phone, optional email, the message,
 * an optional preferred day. Checked with the server's own schema first; the server's answer
 * naming a field shows on that field. Sent, it gives way to what happens next.
 */
export function EnquiryForm({ car, onSent }: EnquiryFormProps) {
  const site = useSiteConfig();
  const content = useSiteContent();
  const create = trpc.lead.create.useMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The date picker starts at today (Nairobi's); none in the server's markup, whose day may not be the browser's.
  const today = useSyncExternalStore(noSubscription, nairobiToday, noDay);
  const form = useForm<LeadCreateInput>({
    mode: 'uncontrolled',
    initialValues: {
      kind: 'enquiry',
      name: '',
      phone: '',
      email: '',
      consent: false,
      message: enquiryMessage(car),
      carId: car?.id,
      preferredDate: undefined,
      website: '',
    },
    validate: validateEnquiry,
  });

  const { checking, load } = useLeadContractForSend();
  const submit = async (values: LeadCreateInput) => {
    setFailure(null);
    // The schemas come on the form's first focus; a send before that waits for them and checks again.
    const contract = await load();
    if (!contract) {
      setFailure('The message could not be sent: please check your connection and try again.');
      return;
    }
    if (form.validate().hasErrors) return;
    try {
      await create.mutateAsync(contract.LeadCreateInputSchema.parse(values));
    } catch (error) {
      const info = describeApiError(error);
      form.setErrors(info.fieldErrors);
      // A field the visitor sees carries its own message; the car (not a field of the form) and the rest are said above the button.
      if ('carId' in info.fieldErrors) setFailure(`The ${car?.name ?? 'car'} is no longer listed. Please call us, or send your message from the contact page.`);
      else setFailure(VISIBLE_FIELDS.some((field) => field in info.fieldErrors) ? null : info.message);
      return;
    }
    setSent(true);
    onSent?.();
  };

  if (sent) {
    return (
      <Stack gap="sm" role="status" aria-live="polite">
        <Title order={3} size="h4">
          Thank you, we have your message
        </Title>
        <Text>
          One of our team will call you back on the number you gave, within working hours ({content.hoursText}).
          {car ? ` We will check the ${car.name} is still here for you.` : ''}
        </Text>
        <Text c="gray.7" size="sm">
          In a hurry? Message us on WhatsApp and we answer right away during opening hours.
        </Text>
        <Button
          component="a"
          href={whatsappHref(site.whatsappPhone ?? site.dealerPhone, car ? enquiryMessage(car) : 'Hello, I sent you a message on your website.')}
          target="_blank"
          rel="noopener noreferrer"
          color="green.8"
          w="fit-content"
        >
          WhatsApp Us
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onFocusCapture={preloadLeadContract}
      onSubmit={form.onSubmit((values) => void submit(values))}
      aria-label={car ? `Ask about the ${car.name}` : 'Send us a message'}
    >
      <Stack gap="sm">
        <TextInput label="Your name" required autoComplete="name" maxLength={LEAD_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label="Phone"
          description="We call or WhatsApp you on it"
          placeholder="0712 345 678"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <TextInput label="Email" description="Optional" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LEAD_MESSAGE_MAX_LENGTH}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <TextInput
          label="Preferred day to visit or call"
          description="Optional"
          type="date"
          min={today}
          key={form.key('preferredDate')}
          {...form.getInputProps('preferredDate')}
        />
        <ConsentBox props={form.getInputProps('consent', { type: 'checkbox' })} key={form.key('consent')} />
        {/* The honeypot: hidden from people and screen readers, filled only by bots. */}
        <div className={classes.honeypot} aria-hidden="true">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" key={form.key('website')} {...form.getInputProps('website')} />
          </label>
        </div>
        {failure ? (
          <div className={classes.failure} role="alert">
            {failure}
          </div>
        ) : null}
        <SendButton loading={create.isPending || checking}>Send</SendButton>
      </Stack>
    </form>
  );
}
