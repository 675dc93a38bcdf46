import fc from 'fast-check';
import { z } from 'zod';
import { SlugSchema } from './ids.schemas';
import { hasControlCharacters, secretText, text } from './text.schemas';

const CONTROLS = [...Array.from({ length: 0x20 }, (_, c) => c), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)]
  .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
  .map((c) => String.fromCharCode(c));

describe('text()', () => {
  const Form = z.object({ name: text({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }), tags: z.array(text()).optional() });

  it('refuses every control character but tab, newline and carriage return, naming the field', () => {
    expect(CONTROLS).toHaveLength(62);
    for (const control of CONTROLS) {
      const result = Form.safeParse({ name: `Ami${control}na` });
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: 'name must not contain control characters' })]);
    }
    expect(Form.safeParse({ name: 'x', tags: ['ok', 'bad\u0000'] }).error?.issues[0].message).toBe('tags.1 must not contain control characters');
    expect(text().safeParse('\u0000').error?.issues[0].message).toBe('text must not contain control characters');
  });

  it('keeps tab, newline, carriage return and any other text, and the existing messages', () => {
    expect(Form.parse({ name: ' Line one\r\nline\ttwo ' })).toEqual({ name: 'Line one\r\nline\ttwo' });
    expect(Form.parse({ name: 'Ñandú 🚗 \u00a0\u2028 ūn’ıcode' }).name).toBe('Ñandú 🚗 \u00a0\u2028 ūn’ıcode');
    expect(Form.safeParse({}).error?.issues[0].message).toBe('Name is required');
    expect(Form.safeParse({ name: ' ' }).error?.issues[0].message).toBe('Name is required');
  });

  it('accepts exactly the strings without control characters (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...CONTROLS, 'a', ' ', '\t', '\n', '\r', 'é') })), (value) => {
        expect(text().safeParse(value).success).toBe(!hasControlCharacters(value));
        expect(hasControlCharacters(value)).toBe(CONTROLS.some((c) => value.includes(c)));
      }),
      { numRuns: 2000 },
    );
  });

  it('guards slugs too, before the slug format', () => {
    expect(SlugSchema.safeParse('toyota\u0000').error?.issues.map((i) => i.message)).toEqual(['text must not contain control characters']);
    expect(z.object({ slug: SlugSchema }).safeParse({ slug: 'a\u0007b' }).error?.issues[0].message).toBe('slug must not contain control characters');
    expect(SlugSchema.safeParse('Not A Slug').error?.issues[0].message).toBe('Invalid slug');
  });
});

describe('secretText()', () => {
  it('keeps every character but NUL', () => {
    const Login = z.object({ password: secretText() });
    expect(Login.parse({ password: ' \u0001tab\there\u007f ' }).password).toBe(' \u0001tab\there\u007f ');
    expect(Login.safeParse({ password: 'pass\u0000word' }).error?.issues[0].message).toBe('password must not contain a NUL character');
  });
});
