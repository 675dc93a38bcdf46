const kesNumber = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** A whole-shilling amount with thousands separators: 1250000 -> "1,250,000". */
export function formatAmount(amount: number): string {
  return kesNumber.format(amount);
}

/** "KES 1,250,000", as on detail pages and listings. */
export function formatKes(amount: number): string {
  return `KES ${formatAmount(amount)}`;
}
