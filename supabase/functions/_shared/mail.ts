// Outgoing mail for functions. The embedded backend's mail API (POST /mail/api/send, service
// key only) stands in for a mail provider; MAIL_API_URL points elsewhere in production.
import { z } from 'zod';
import { env, requireEnv } from './env.ts';

export const outgoingMail = z.object({
  to: z.string().trim().email({ error: 'to must be an email address' }),
  subject: z.string().trim().min(1, { error: 'subject is required' }).max(300),
  text: z.string().min(1, { error: 'text is required' }),
  html: z.string().default(''),
});
export type OutgoingMail = z.input<typeof outgoingMail>;

export class MailError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** Sends one message; throws MailError when the mail API refuses it. */
export async function sendMail(message: OutgoingMail, fetchImpl: typeof fetch = fetch): Promise<void> {
  const parsed = outgoingMail.safeParse(message);
  if (!parsed.success) throw new MailError(parsed.error.issues.map((i) => i.message).join('; '));
  const endpoint = env('MAIL_API_URL') || `${requireEnv('SUPABASE_URL')}/mail/api/send`;
  const res = await fetchImpl(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${requireEnv('SUPABASE_SERVICE_ROLE_KEY')}` },
    body: JSON.stringify(parsed.data),
  });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new MailError(`The mail API answered ${res.status}: ${body.slice(0, 300)}`, res.status);
  }
}

export { escapeHtml } from '@stitchhouse/shared/html.ts';
