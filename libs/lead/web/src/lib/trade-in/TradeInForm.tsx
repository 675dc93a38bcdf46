// NativeSelect's chevron is sized by the combobox sheet (public pages load only the sheets they use).
import '@mantine/core/styles/Combobox.css';
import { TRADE_IN_CONDITIONS, type TradeInLeadInput } from '@dealership/lead-schemas';
import { AmountInput } from '@dealership/web-ui';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { uploadLeadPhoto, useImageUploads } from '@dealership/media-web';
import { amountField, ContactFields, FormFailure, Honeypot, LeadSent, OptionalMessage, useSendLead } from '../kinds/lead-form-parts';
import { ConsentBox } from '../kinds/ConsentBox';
import { TradeInPhotos } from './TradeInPhotos';
import { lazyResolver, preloadLeadContract } from '../kinds/lazy-contract';
import { SendButton } from '../kinds/SendButton';

// A buyer cannot delete an upload: one taken out of the list is left to the server's sweep of unclaimed photos.
const leaveToSweep = () => undefined;

const validateTradeIn = lazyResolver<TradeInLeadInput>((contract) => contract.TradeInLeadSchema);

const VISIBLE_FIELDS = ['name', 'phone', 'email', 'consent', 'message'] as const;

export interface TradeInFormProps {
  onSent?: () => void;
}

/**
 * A trade-in estimate (lead kind `trade-in`): the buyer's car, its year, mileage, condition, the
 * price they hope for and up to six photos (sent as they are picked, POST /api/media/lead-photo).
 */
export function TradeInForm({ onSent }: TradeInFormProps) {
  const form = useForm<TradeInLeadInput>({
    initialValues: {
      kind: 'trade-in',
      name: '',
      phone: '',
      email: '',
      consent: false,
      message: '',
      details: { make: '', model: '', year: '', mileage: '', condition: '' as TradeInLeadInput['details']['condition'], askingPrice: '' },
      website: '',
    },
    validate: validateTradeIn,
  });
  const { send, sent, failure, pending } = useSendLead({
    visibleFields: VISIBLE_FIELDS,
    setErrors: form.setErrors,
    validate: () => !form.validate().hasErrors,
    onSent,
  });
  const photos = useImageUploads({ kind: 'car', upload: uploadLeadPhoto, discard: leaveToSweep });
  // A send tapped while photos are still on their way waits for them and goes with them: a buyer
  // who picked a photo and tapped send before the form's code ran has both replayed at once.
  const [waitingToSend, setWaitingToSend] = useState<TradeInLeadInput | null>(null);
  const photoError = photos.isUploading ? undefined : (form.errors['details.photos'] as string | undefined);
  const photoFailed = photos.items.some((item) => item.status === 'failed');
  useEffect(() => {
    if (!waitingToSend || photos.isUploading) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the send waited for the uploads, an outside process; it is over now
    setWaitingToSend(null);
    if (photoFailed) form.setFieldError('details.photos', 'A photo was not sent: remove it or add it again, then send');
    else void send({ ...waitingToSend, details: { ...waitingToSend.details, photos: photos.images } });
  }, [waitingToSend, photos.isUploading, photos.images, photoFailed, form, send]);
  const field = (name: keyof TradeInLeadInput) => form.getInputProps(name);
  const detail = (name: keyof TradeInLeadInput['details']) => form.getInputProps(`details.${name}`);

  if (sent) {
    const car = form.getValues().details;
    const described = `${car.year} ${car.make.trim()} ${car.model.trim()}`;
    return (
      <LeadSent title="Thank you, we have your car's details" whatsappText={`Hello, I asked for a trade-in estimate for my ${described}. Here are its photos:`}>
        One of our team will call you on the number you gave within working hours with an estimate for your {described}, and arrange to inspect it at the
        showroom. More photos on WhatsApp make the estimate closer.
      </LeadSent>
    );
  }

  return (
    <form
      onFocusCapture={preloadLeadContract}
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (photos.isUploading) setWaitingToSend(values);
        else void send({ ...values, details: { ...values.details, photos: photos.images } });
      })}
      aria-label="Trade-in estimate"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Make" placeholder="Toyota" required maxLength={60} {...detail('make')} />
          <TextInput label="Model" placeholder="Fielder" required maxLength={60} {...detail('model')} />
          <AmountInput label="Year" placeholder="2015" required separators={false} maxLength={4} {...amountField(detail('year'))} />
          <AmountInput label="Mileage (km)" required {...amountField(detail('mileage'))} />
          <NativeSelect label="Condition" required data={[{ value: '', label: 'Choose one' }, ...TRADE_IN_CONDITIONS]} {...detail('condition')} />
          <AmountInput label="Asking price (KES)" description="Optional" {...amountField(detail('askingPrice'))} />
        </SimpleGrid>
        <ContactFields field={field} />
        <OptionalMessage field={field} />
        <TradeInPhotos uploads={photos} error={photoError} />
        <ConsentBox props={form.getInputProps('consent', { type: 'checkbox' })} />
        <Honeypot field={field} />
        <FormFailure failure={failure} />
        <SendButton loading={pending || waitingToSend !== null} w="fit-content">
          Ask for an estimate
        </SendButton>
      </Stack>
    </form>
  );
}
