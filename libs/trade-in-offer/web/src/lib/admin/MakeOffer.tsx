import { formatKes } from '@dealership/shared-util';
import {
  TRADE_IN_OFFER_STATUS_LABELS,
  TRADE_IN_OFFER_VALID_DAYS,
  type TradeInOfferCreateInput,
  TradeInOfferCreateInputSchema,
} from '@dealership/trade-in-offer-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Badge, Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

/** What a trade-in request in the leads inbox gives the form: the buyer and their car. */
export interface TradeInLead {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  details: { make: string; model: string; year: number; mileage: number } | null;
}

const validate = schemaResolver(TradeInOfferCreateInputSchema, { sync: true });
const nairobiToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const day = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

type FormValues = Omit<TradeInOfferCreateInput, 'amountKes'> & { amountKes: number | '' };

function OfferForm({ lead, validDays, onSent }: { lead: TradeInLead; validDays: number; onSent: () => void }) {
  const make = trpc.tradeInOffer.make.useMutation();
  const car = lead.details ? `${lead.details.year} ${lead.details.make} ${lead.details.model}, ${lead.details.mileage.toLocaleString('en-GB')} km` : '';
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: {
      leadId: lead.id,
      buyerName: lead.name,
      buyerPhone: lead.phone,
      buyerEmail: lead.email ?? '',
      car,
      amountKes: '',
      validUntil: addDays(nairobiToday(), validDays),
      conditions: '',
    },
  });
  const send = async (values: FormValues) => {
    const input = { ...values, amountKes: values.amountKes as number };
    const errors = validate(input as never);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    try {
      const offer = await make.mutateAsync(input);
      notifySuccess(`Offer ${offer.reference} sent to ${offer.buyerName}`);
      onSent();
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      form.setErrors(fieldErrors);
      notifyError(message);
    }
  };
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void send(values))} aria-label="Make an offer">
      <Stack gap="sm">
        <TextInput label="Car" withAsterisk {...form.getInputProps('car')} key={form.key('car')} />
        <NumberInput
          label="Offer amount (KES)"
          withAsterisk
          thousandSeparator=","
          allowDecimal={false}
          min={0}
          {...form.getInputProps('amountKes')}
          key={form.key('amountKes')}
        />
        <TextInput label="Valid until" placeholder="YYYY-MM-DD" withAsterisk {...form.getInputProps('validUntil')} key={form.key('validUntil')} />
        <Textarea
          label="Conditions"
          placeholder="e.g. subject to the logbook and a spare key at handover"
          autosize
          minRows={2}
          {...form.getInputProps('conditions')}
          key={form.key('conditions')}
        />
        <Text size="sm" c="gray.7">
          The buyer gets it by SMS{lead.email ? ' and email' : ''} with a link to accept or decline it.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={make.isPending}>
            Send offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A trade-in request's offers in the leads inbox, and the button **Make an offer** with its form. */
export function MakeOffer({ lead }: { lead: TradeInLead }) {
  const utils = trpc.useUtils();
  const offers = trpc.tradeInOffer.forLead.useQuery({ leadId: lead.id });
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  // The rate set in force says how long an offer holds (7 days unless the owners set another).
  const rates = trpc.setting.current.useQuery(undefined, { staleTime: 5 * 60_000 });
  return (
    <Stack gap="xs">
      {offers.data?.map((offer) => (
        <Group key={offer.id} gap="xs">
          <Text size="sm" fw={600}>
            {offer.reference}: {formatKes(offer.amountKes)}
          </Text>
          <Badge color={offer.status === 'accepted' ? 'green' : offer.status === 'sent' ? 'blue' : 'gray'}>{TRADE_IN_OFFER_STATUS_LABELS[offer.status]}</Badge>
          <Text size="sm" c="gray.7">
            valid until {day(offer.validUntil)}
          </Text>
        </Group>
      ))}
      <Group>
        <Button variant="light" onClick={() => setOpened(true)}>
          Make an offer
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Make an offer" fullScreen={phone}>
        <OfferForm
          lead={lead}
          validDays={rates.data?.reservation.tradeInOfferValidDays ?? TRADE_IN_OFFER_VALID_DAYS}
          onSent={() => {
            setOpened(false);
            void utils.tradeInOffer.forLead.invalidate({ leadId: lead.id });
          }}
        />
      </Modal>
    </Stack>
  );
}
