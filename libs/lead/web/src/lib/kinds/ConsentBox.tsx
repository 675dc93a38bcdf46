// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): the box's own.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { LEAD_CONSENT_TEXT } from '@dealership/lead-schemas';
import { Checkbox } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The buyer's consent to be contacted about their request (Data Protection Act, 2019): unticked
 * until they tick it, and required (the server refuses a lead without it, naming `consent`). Its
 * words are the ones stored with the lead. `props` are `form.getInputProps('consent', { type: 'checkbox' })`.
 */
export function ConsentBox({ props }: { props: GetInputPropsReturnType }) {
  return <Checkbox label={LEAD_CONSENT_TEXT} required {...props} />;
}
