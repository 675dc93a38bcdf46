/**
 * A Kenyan phone number as `+254` and its nine national digits, from the ways people write one:
 * `0712 345 678`, `0712-345-678`, `712345678`, `+254712345678`, `254 712 345 678`, `+254 (0)712 345 678`,
 * `00254712345678`, and the 01xx mobile range (`0110 123 456`). Null when it is not one: a
 * national number is 9 digits starting 1-9 after the trunk `0` or the country code (mobiles 7xx
 * and 1xx, landlines such as Mombasa's 41).
 */
export function normaliseKenyanPhone(input: string): string | null {
  const trimmed = input.trim();
  // Only digits, spaces, dots, dashes, brackets and one leading plus.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || digits.startsWith('00')) {
    digits = digits.replace(/^00/, '');
    if (!digits.startsWith('254')) return null;
    digits = digits.slice(3);
    // "+254 (0)712 ...": the trunk zero written after the country code.
    if (digits.length === 10 && digits.startsWith('0')) digits = digits.slice(1);
  } else if (digits.length === 12 && digits.startsWith('254')) {
    digits = digits.slice(3);
  } else if (digits.length === 10 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return /^[1-9]\d{8}$/.test(digits) ? `+254${digits}` : null;
}
