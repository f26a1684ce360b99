// The forms' check (react-hook-form's zodResolver over the shared schemas, shared/src/form):
// the messages a person sees are the schemas' own, one per field, the first the schema reports.
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { changePasswordSchema, fieldErrors, signInSchema, signUpSchema } from '../src/auth/schemas.ts';
import { discountCodeEntrySchema, partnerCodeEntrySchema } from '../src/cart/codes.ts';
import { flatErrors, schemaResolver } from '../src/form/index.ts';

const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' } as ResolverOptions<Record<string, unknown>>;

async function check(schema: Parameters<typeof schemaResolver>[0], values: Record<string, unknown>, prepare?: (v: Record<string, unknown>) => unknown) {
  const result = await schemaResolver(schema, prepare)(values, undefined, options);
  return { messages: flatErrors(result.errors), values: result.values };
}

describe('form checks through zodResolver', () => {
  it('show the schema’s first message per field, as the schema reports them', async () => {
    for (const [schema, values] of [
      [signInSchema, { email: '', password: '' }],
      [signInSchema, { email: 'not-an-address', password: 'x' }],
      [signUpSchema, { displayName: '', email: 'a@example.com', password: 'short', intent: '' }],
      [changePasswordSchema, { password: 'Correct-horse-battery-9', confirm: 'Correct-horse-battery-8' }],
    ] as const) {
      const { messages, values: parsed } = await check(schema, values);
      const direct = schema.safeParse(values);
      expect(direct.success).toBe(false);
      expect(messages).toEqual(fieldErrors(direct.error!));
      expect(Object.keys(messages).length).toBeGreaterThan(0);
      expect(parsed).toEqual({});
    }
  });

  it('hands the parsed values (trimmed, transformed) to the submit action when the check passes', async () => {
    const { messages, values } = await check(signInSchema, { email: '  maker@example.com ', password: 'secret' });
    expect(messages).toEqual({});
    expect(values).toEqual({ email: 'maker@example.com', password: 'secret' });
  });

  it('checks what `prepare` makes of the values (e.g. hidden fields cleared)', async () => {
    const clearPassword = (v: Record<string, unknown>) => ({ ...v, password: '' });
    const { messages } = await check(signInSchema, { email: 'maker@example.com', password: 'secret' }, clearPassword);
    expect(messages).toEqual({ password: 'Enter your password.' });
  });

  it('flattens nested errors to dotted paths, rows and cells included', () => {
    const nested = {
      title: { type: 'too_small', message: 'Give the pattern a title' },
      sizes: [undefined, { bust: { type: 'custom', message: 'Bust: a number of cm' } }],
    };
    expect(flatErrors(nested as never)).toEqual({ title: 'Give the pattern a title', 'sizes.1.bust': 'Bust: a number of cm' });
  });

  it('check the checkout’s two codes as typed: any case, spaces dropped, the database’s format', async () => {
    expect(await check(discountCodeEntrySchema, { code: ' spring20 ' })).toEqual({ messages: {}, values: { code: 'SPRING20' } });
    expect((await check(discountCodeEntrySchema, { code: 'a!' })).messages).toEqual({
      code: 'A code is 3 to 32 letters, digits, “-” or “_”, as the store gave it.',
    });
    expect(await check(partnerCodeEntrySchema, { code: 'ab12cd' })).toEqual({ messages: {}, values: { code: 'AB12CD' } });
    expect((await check(partnerCodeEntrySchema, { code: 'AB-12' })).messages).toEqual({
      code: 'A partner code is 4 to 16 letters and digits, as the partner gave it.',
    });
  });
});
