// Request helpers shared by the routes: zod-checked JSON bodies and the caller's address.
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';
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

/** TRUSTED_PROXIES entries (IPs or CIDRs) as a BlockList; a bad entry stops the start with its name. */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (!family || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

const bareIp = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function isTrusted(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The caller: the socket's peer, unless that peer is a configured proxy, in which case the
 * nearest X-Forwarded-For entry that is not itself a trusted proxy. An untrusted client's
 * X-Forwarded-For is ignored, or rotating it would reset every per-address limit.
 */
export function clientInfo(c: Context, trusted: BlockList): ClientInfo {
  let peer = '';
  try {
    peer = bareIp(getConnInfo(c).remote.address ?? '');
  } catch {
    peer = '';
  }
  let ip = peer;
  if (peer && isTrusted(trusted, peer)) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(bareIp).filter((h) => isIP(h) !== 0);
    while (hops.length > 0 && isTrusted(trusted, hops.at(-1)!)) hops.pop();
    ip = hops.at(-1) ?? peer;
  }
  // No socket only under app.request() in tests: a placeholder that no real peer has.
  return { ip: ip || '0.0.0.0', userAgent: c.req.header('user-agent') };
}
