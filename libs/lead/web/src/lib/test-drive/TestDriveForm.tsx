// NativeSelect's chevron is sized by the combobox sheet (public pages load only the sheets they use).
import '@mantine/core/styles/Combobox.css';
import type { OpeningHours } from '@dealership/content-schemas';
import { nairobiTime, nairobiToday, openingSlots, WEEKDAY_NAMES, weekdayOf, type TestDriveLeadInput } from '@dealership/lead-schemas';
import { useSiteContent } from '@dealership/web-ui';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { ContactFields, FormFailure, Honeypot, LeadSent, OptionalMessage, useSendLead } from '../kinds/lead-form-parts';
import { ConsentBox } from '../kinds/ConsentBox';
import { lazyResolver, preloadLeadContract } from '../kinds/lazy-contract';
import { SendButton } from '../kinds/SendButton';

/** A validator per opening hours (the site content's): the slot is checked against the hours in force. */
const validators = new WeakMap<OpeningHours, (values: TestDriveLeadInput) => FormErrors>();
function validateTestDriveIn(hours: OpeningHours): (values: TestDriveLeadInput) => FormErrors {
  let validate = validators.get(hours);
  if (!validate) validators.set(hours, (validate = lazyResolver<TestDriveLeadInput>((contract) => contract.testDriveLeadSchemaFor(hours))));
  return validate;
}

/** The fields the visitor sees: a server's message about one of them shows on it. */
const VISIBLE_FIELDS = ['name', 'phone', 'email', 'consent', 'message', 'preferredDate', 'preferredTime'] as const;

const longDay = new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeZone: 'UTC' });
/** "Tuesday, 1 December 2026" of a YYYY-MM-DD date. */
export const formatDay = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));

export interface TestDriveFormProps {
  car: { id: string; name: string };
  onSent?: () => void;
}

/** The slots a visitor may pick on `date` (the ones still to come, today). */
function slotsOf(date: string, hours: OpeningHours): string[] {
  return openingSlots(date, date === nairobiToday() ? nairobiTime() : undefined, hours);
}

/**
 * A test drive of one car (lead kind `test-drive`): the buyer picks a day and one of its
 * half-hour slots within the showroom's hours, checked with the server's own schema.
 */
export function TestDriveForm({ car, onSent }: TestDriveFormProps) {
  const { hours, hoursText } = useSiteContent();
  const hoursRef = useRef(hours);
  useEffect(() => {
    hoursRef.current = hours;
  }, [hours]);
  const form = useForm<TestDriveLeadInput>({
    initialValues: {
      kind: 'test-drive',
      name: '',
      phone: '',
      email: '',
      consent: false,
      message: '',
      carId: car.id,
      preferredDate: '',
      preferredTime: '',
      website: '',
    },
    validate: (values) => validateTestDriveIn(hoursRef.current)(values),
    // A new day has its own slots: the time picked for another day is picked again.
    onValuesChange: (values, previous) => {
      if (values.preferredDate !== previous.preferredDate && values.preferredTime !== '') form.setFieldValue('preferredTime', '');
    },
  });
  const { send, sent, failure, pending } = useSendLead({
    visibleFields: VISIBLE_FIELDS,
    setErrors: form.setErrors,
    validate: () => !form.validate().hasErrors,
    carName: car.name,
    onSent,
  });
  const field = (name: keyof TestDriveLeadInput) => form.getInputProps(name);

  if (sent) {
    const { preferredDate, preferredTime } = form.getValues();
    return (
      <LeadSent
        title="Thank you, we have your test-drive request"
        whatsappText={`Hello, I booked a test drive of the ${car.name} on ${formatDay(preferredDate)} at ${preferredTime}.`}
      >
        One of our team will call you on the number you gave to confirm your test drive of the {car.name} on {formatDay(preferredDate)} at {preferredTime}.
        Please bring your driving licence to the showroom.
      </LeadSent>
    );
  }

  const date = form.values.preferredDate;
  const slots = date ? slotsOf(date, hours) : [];
  const weekday = date ? weekdayOf(date) : null;
  let timeHint = `We take test drives ${hoursText}`;
  if (weekday !== null && openingSlots(date, undefined, hours).length === 0) timeHint = `We are closed on ${WEEKDAY_NAMES[weekday]}s: we take test drives ${hoursText}`;
  else if (date && slots.length === 0) timeHint = 'No slots are left on this day: choose another day';

  return (
    <form
      onFocusCapture={preloadLeadContract}
      noValidate
      onSubmit={form.onSubmit((values) => void send(values))}
      aria-label={`Book a test drive of the ${car.name}`}
    >
      <Stack gap="sm">
        <ContactFields field={field} />
        <TextInput label="Preferred day" required type="date" min={nairobiToday()} {...field('preferredDate')} />
        <NativeSelect
          label="Preferred time"
          description={timeHint}
          required
          disabled={slots.length === 0}
          data={[{ value: '', label: date ? 'Choose a time' : 'Choose a day first' }, ...slots]}
          {...field('preferredTime')}
        />
        <OptionalMessage field={field} />
        <ConsentBox props={form.getInputProps('consent', { type: 'checkbox' })} />
        <Honeypot field={field} />
        <FormFailure failure={failure} />
        <SendButton loading={pending}>Book the test drive</SendButton>
      </Stack>
    </form>
  );
}
