import { describe, expect, it } from 'vitest';
import { errorEnvelope } from './envelope.ts';
import { functionError, readFunctionError } from './functionError.ts';

// The zod-free reader takes exactly what the envelope's schema takes.
const bodies: unknown[] = [
  { error: { code: 'rate_limited', message: 'Try again in 5 minutes.', details: { minutes: 5 } } },
  { error: { code: 'price_changed', message: 'A price changed.', details: [{ pattern_id: 'p1' }] } },
  { error: { code: 'not_signed_in', message: 'Sign in first.', details: null } },
  { error: { code: 'x', message: 'no details key' } },
  { error: { code: '', message: 'empty code', details: null } },
  { error: { code: 'x', message: '', details: null } },
  { error: { code: 'x', message: 'details a string', details: 'nope' } },
  { error: 'flat string' },
  { code: 'flat', message: 'the old flat shape' },
  null,
  'text',
  [],
];

describe('functionError', () => {
  it('reads the error shape exactly as its zod schema does', () => {
    for (const body of bodies) {
      const parsed = errorEnvelope.safeParse(body);
      expect(functionError(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.error : null);
    }
  });

  it('turns an answer that is not the envelope into server_error', async () => {
    const body = await readFunctionError(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(body).toMatchObject({ code: 'server_error', details: null });
  });
});
