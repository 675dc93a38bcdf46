import { TextInput, type TextInputProps } from '@mantine/core';
import { formatAmount } from '@dealership/shared-util';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** Allows a decimal point (rates, percentages); whole numbers with thousands separators otherwise. */
  decimal?: boolean;
  suffix?: string;
}

/**
 * A number typed as text: whole KES with thousands separators, or a decimal. Written here instead
 * of Mantine's NumberInput, whose number-format dependency (13 KB gzip) took the calculator routes
 * past their 150 KB budget (bundle-check).
 */
export function AmountInput({ value, onChange, decimal = false, suffix, ...props }: AmountInputProps) {
  const shown = value === undefined ? '' : decimal ? String(value) : formatAmount(value);
  return (
    <TextInput
      {...props}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={shown}
      rightSection={suffix}
      onChange={(event) => {
        const text = event.currentTarget.value.replace(decimal ? /[^\d.]/g : /\D/g, '');
        if (text === '') return onChange(undefined);
        // A decimal still being typed ("14.") waits for its digits.
        if (decimal && (text.endsWith('.') || (text.match(/\./g)?.length ?? 0) > 1)) return undefined;
        onChange(Number(text));
      }}
    />
  );
}
