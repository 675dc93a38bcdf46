import { RequestValidationError } from '@dealership/server-core';
import { z } from 'zod';
import { listOf, parseLegacyInput } from './legacy-input';

describe('listOf', () => {
  it('makes a repeated form field a list: one entry arrives as a single value', () => {
    expect(listOf(undefined)).toBeUndefined();
    expect(listOf('a')).toEqual(['a']);
    expect(listOf(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('parseLegacyInput', () => {
  const Schema = z.object({
    name: z.string({ error: 'Name is required' }),
    year: z.number({ error: 'year must be a number' }),
    images: z.array(z.object({ url: z.string() })).min(1, 'Please upload an image'),
  });
  const names = { year: 'yom', images: 'documents' };

  const failure = (input: unknown): RequestValidationError => {
    try {
      parseLegacyInput(Schema, input, names);
    } catch (error) {
      return error as RequestValidationError;
    }
    throw new Error('parsed');
  };

  it('answers the parsed input when it is valid', () => {
    expect(parseLegacyInput(Schema, { name: 'Vitz', year: 2018, images: [{ url: '/a' }], extra: 1 }, names)).toEqual({
      name: 'Vitz',
      year: 2018,
      images: [{ url: '/a' }],
    });
  });

  it("throws a 400 whose message is the first problem alone, in the contract's order", () => {
    const error = failure({});
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.getStatus()).toBe(400);
    expect(error.message).toBe('Name is required');
    expect(error.errors.map((e) => e.field)).toEqual(['name', 'yom', 'documents']);
  });

  it('names fields by their legacy names, in the messages too', () => {
    const error = failure({ name: 'Vitz', year: 'old', images: [{ url: 1 }] });
    expect(error.errors).toEqual([
      { field: 'yom', message: 'yom must be a number' },
      { field: 'documents.0.url', message: expect.stringMatching(/^documents\.0\.url: Invalid input/) },
    ]);
    expect(error.message).toBe('yom must be a number');
  });

  it('puts the field in front of a bare lower-case message, and says `body` for the whole input', () => {
    expect(failure({ name: 'Vitz', year: 2018, images: [] }).message).toBe('Please upload an image');
    expect(parseLegacyInput(z.string().optional(), undefined, {})).toBeUndefined();
    const bare = (() => {
      try {
        parseLegacyInput(z.object({ id: z.string().refine(() => false, 'must be a valid id') }), { id: 'x' }, { id: 'carId' });
      } catch (error) {
        return error as RequestValidationError;
      }
      throw new Error('parsed');
    })();
    expect(bare.message).toBe('carId must be a valid id');
    const whole = (() => {
      try {
        parseLegacyInput(z.object({}), 'text', {});
      } catch (error) {
        return error as RequestValidationError;
      }
      throw new Error('parsed');
    })();
    expect(whole.errors[0].field).toBe('body');
  });
});
