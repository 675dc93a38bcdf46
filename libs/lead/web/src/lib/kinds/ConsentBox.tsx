import { LEAD_CONSENT_TEXT } from '@dealership/lead-schemas';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useId } from 'react';
import classes from '../enquiry/EnquiryForm.module.css';

/**
 * The buyer's consent to be contacted about their request (Data Protection Act, 2019): unticked
 * until they tick it, and required (the server refuses a lead without it, naming `consent`). Its
 * words are the ones stored with the lead. `props` are `form.getInputProps('consent', { type: 'checkbox' })`.
 * A native checkbox: Mantine's would add its chunks to the preload list of every page with a form.
 */
export function ConsentBox({ props }: { props: GetInputPropsReturnType }) {
  const errorId = useId();
  const { error, ...input } = props;
  return (
    <div>
      <label className={classes.consent}>
        <input type="checkbox" required aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
        <span>{LEAD_CONSENT_TEXT}</span>
      </label>
      {error ? (
        <div id={errorId} className={classes.consentError}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
