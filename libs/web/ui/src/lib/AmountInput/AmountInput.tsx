import { formatAmount } from '@dealership/shared-util';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The number shown; `undefined` or '' (an empty box in a form's values) shows an empty box. */
  value: number | '' | undefined;
  onChange: (value: number | undefined) => void;
  /** Allows a decimal point (rates, percentages); whole numbers otherwise. */
  decimal?: boolean;
  /** Whole numbers show thousands separators ("1,250,000") unless this is false (a year, a number of months). */
  separators?: boolean;
  suffix?: string;
}

/**
 * A number typed as text, with the phone's number pad: whole KES with thousands separators, a
 * year, or a decimal. Written here instead of Mantine's NumberInput, whose number-format
 * dependency (13 KB gzip) took the public routes past their 150 KB budget (bundle-check); the
 * steppers it adds are no use for a price either.
 */
export function AmountInput({ value, onChange, decimal = false, separators = true, suffix, onBlur, ...props }: AmountInputProps) {
  // What the buyer is typing, kept until the box loses focus: "14." is on its way to 14.5 and must
  // stay on screen although the number it means so far is 14.
  const [draft, setDraft] = useState<string | null>(null);
  const format = (amount: number) => (decimal || !separators ? String(amount) : formatAmount(amount));
  const shown = draft ?? (value === undefined || value === '' ? '' : format(value));
  return (
    <TextInput
      {...props}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={shown}
      rightSection={suffix}
      onChange={(event) => {
        let text = event.currentTarget.value.replace(decimal ? /[^\d.]/g : /\D/g, '');
        // One decimal point: a second one typed is dropped.
        if (decimal) text = text.replace(/(\.\d*)\./g, '$1');
        const amount = text === '' || text === '.' ? undefined : Number(text);
        setDraft(amount === undefined || decimal ? text : format(amount));
        onChange(amount);
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
