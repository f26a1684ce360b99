// Request helpers shared by the routes: zod-checked JSON bodies and the caller's address.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
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

export function clientInfo(c: Context): ClientInfo {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  let ip = forwarded || '';
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address ?? '';
    } catch {
      ip = '';
    }
  }
  return { ip: ip.replace(/^::ffff:/, '') || '127.0.0.1', userAgent: c.req.header('user-agent') };
}
