import { formatAmount, formatKes } from './money';
import { metaDescription, truncate } from './text';

describe('truncate', () => {
  it('cuts at the limit and appends the suffix', () => {
    expect(truncate('a'.repeat(55), 50)).toBe(`${'a'.repeat(50)}...`);
    expect(truncate('short', 50)).toBe('short');
    expect(truncate('a'.repeat(50), 50)).toBe('a'.repeat(50));
  });
});

describe('metaDescription', () => {
  it('folds whitespace and keeps the first 160 characters', () => {
    const text = `Line one\n\n  line two ${'x'.repeat(300)}`;
    const meta = metaDescription(text);
    expect(meta).toHaveLength(160);
    expect(meta.startsWith('Line one line two x')).toBe(true);
  });
});

describe('money', () => {
  it('formats whole shillings with separators', () => {
    expect(formatAmount(1250000)).toBe('1,250,000');
    expect(formatKes(985000)).toBe('KES 985,000');
  });
});
