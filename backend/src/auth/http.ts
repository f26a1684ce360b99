// Request helpers shared by the routes: zod-checked JSON bodies and the caller's address.
import type { Context } from 'hono';
import type { BlockList } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import { clientAddress } from '../client-address.ts';
import { validationFailed } from './errors.ts';
import type { ClientInfo } from './sessions.ts';

/** Parses the body as JSON (empty = {}) and validates it; bad input → 400 validation_failed. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await c.req.text();
  let data: unknown = {};
  if (raw.trim() !== '') {
    try {
      data = JSON.parse(raw);
    } catch {
      throw validationFailed('Could not parse request body as JSON');
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw validationFailed(`Invalid request body: ${where}${issue.message}`);
  }
  return parsed.data;
}

/**
 * The caller: the one client address of the whole backend (../client-address.ts: the socket's
 * peer, X-Forwarded-For only from TRUSTED_PROXIES) and its user agent.
 */
export function clientInfo(c: Context, trusted: BlockList): ClientInfo {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? '';
  } catch {
    peer = '';
  }
  const ip = clientAddress(peer, c.req.header('x-forwarded-for'), trusted);
  // No socket only under app.request() in tests: a placeholder that no real peer has.
  return { ip: ip || '0.0.0.0', userAgent: c.req.header('user-agent') };
}
