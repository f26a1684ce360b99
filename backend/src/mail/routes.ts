// /mail: the inbox page people open to read local mail; /mail/api: the JSON the tests read.
import { Hono } from 'hono';
import { z } from 'zod';
import type { LocalMailer, StoredMessage } from './mailer.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import { escapeHtml } from '../../../shared/src/html.ts';

/** What server-side functions may send through the local mailer (stand-in for a mail provider's API). */
const outgoingMessage = z.object({
  to: z.string().email('to must be an email address'),
  subject: z.string().trim().min(1, 'subject is required').max(300),
  text: z.string().max(200_000),
  html: z.string().max(500_000).default(''),
});

const esc = escapeHtml;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 56rem; padding: 1rem; color: #1d1d1f; background: #fff; }
  a { color: #0b57d0; } a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #ccc; vertical-align: top; }
  .muted { color: #555; } iframe { width: 100%; min-height: 24rem; border: 1px solid #ccc; }
  pre { white-space: pre-wrap; background: #f5f5f5; padding: .75rem; }
  form { display: inline; } button { font: inherit; padding: .25rem .75rem; }
</style></head><body>${body}</body></html>`;
}

function inbox(messages: StoredMessage[], to?: string): string {
  const rows = messages
    .map(
      (m) => `<tr><td><a href="/mail/${m.id}">${esc(m.subject || '(no subject)')}</a></td>
        <td>${esc(m.to)}</td><td><time datetime="${esc(m.created_at)}">${esc(m.created_at.replace('T', ' ').slice(0, 19))}</time></td></tr>`,
    )
    .join('');
  return page(
    'Local mail inbox',
    `<header><h1>Local mail inbox</h1>
    <p class="muted">Mail the local Stitchhouse backend sent. Nothing here left this machine unless SMTP_URL is set.</p></header>
    <main>
    <form method="get" action="/mail" role="search"><label for="to">Recipient</label>
      <input id="to" name="to" type="email" value="${esc(to ?? '')}"> <button type="submit">Filter</button></form>
    <form method="post" action="/mail/clear"><button type="submit">Delete all messages</button></form>
    ${
      messages.length === 0
        ? '<p>No messages yet.</p>'
        : `<table><caption class="muted">${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</caption>
      <thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`
    }</main>`,
  );
}

function message(m: StoredMessage): string {
  const links = m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
  return page(
    `${m.subject} — local mail`,
    `<nav><a href="/mail">← Back to inbox</a></nav><main><h1>${esc(m.subject || '(no subject)')}</h1>
    <p>To <strong>${esc(m.to)}</strong>, <time datetime="${esc(m.created_at)}">${esc(m.created_at)}</time></p>
    ${links ? `<h2>Links</h2><ul>${links}</ul>` : ''}
    ${m.html ? `<h2>Message</h2><iframe title="Message body" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${esc(m.html)}"></iframe>` : ''}
    ${m.text ? `<h2>Plain text</h2><pre>${esc(m.text)}</pre>` : ''}</main>`,
  );
}

/**
 * `inbox` (local development only, config.mailInbox): the pages and JSON that show every
 * message sent, with no key. Without it only /api/send is served.
 */
export function createMailApp(mailer: LocalMailer, serviceRoleKey: string, { inbox: withInbox }: { inbox: boolean }): Hono {
  const app = new Hono();
  const toParam = (v: string | undefined): string | undefined => (v && v.trim() ? v.trim() : undefined);

  // Only server-side code holding the service key may send (functions: supabase/functions/_shared/mail.ts).
  app.post('/api/send', async (c) => {
    if (parseBearer(c.req.header('authorization')) !== serviceRoleKey) {
      return c.json({ message: 'Sending mail needs the service role key' }, 401);
    }
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ message: 'Body must be JSON: {to, subject, text, html}' }, 400);
    const parsed = outgoingMessage.safeParse(body);
    if (!parsed.success) return c.json({ message: parsed.error.issues.map((i) => i.message).join('; ') }, 400);
    try {
      await mailer.send(parsed.data);
    } catch (err) {
      return c.json({ message: err instanceof Error ? err.message : 'Could not send the message' }, 400);
    }
    return c.json({ sent: true }, 202);
  });
  if (!withInbox) return app;

  app.get('/api/messages', async (c) => c.json(await mailer.list(toParam(c.req.query('to')))));
  app.get('/api/messages/:id{[0-9]+}', async (c) => {
    const m = await mailer.get(Number(c.req.param('id')));
    return m ? c.json(m) : c.json({ message: 'Message not found' }, 404);
  });
  app.get('/api/messages/:id', (c) => c.json({ message: 'Message id must be a number' }, 400));
  app.delete('/api/messages', async (c) => c.json({ deleted: await mailer.clear(toParam(c.req.query('to'))) }));

  app.get('/', async (c) => {
    const to = toParam(c.req.query('to'));
    return c.html(inbox(await mailer.list(to), to));
  });
  app.post('/clear', async (c) => {
    await mailer.clear();
    return c.redirect('/mail', 303);
  });
  app.get('/:id{[0-9]+}', async (c) => {
    const m = await mailer.get(Number(c.req.param('id')));
    return m ? c.html(message(m)) : c.html(page('Message not found', '<main><h1>Message not found</h1><p><a href="/mail">Back to inbox</a></p></main>'), 404);
  });
  return app;
}
