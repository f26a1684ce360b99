// The client's address, one rule for the whole backend: the socket's peer,
// or, when that peer is one of TRUSTED_PROXIES, the nearest X-Forwarded-For entry that is not
// itself a trusted proxy. The auth server's limits count it (auth/http.ts clientInfo), and the
// gateway hands it on as the only address headers PostgREST and the functions see
// (passClientAddress), so `request.headers` in SQL cannot be forged by the client.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

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
 * The caller's address: `peer` (the socket's remote address), unless that peer is a trusted
 * proxy, in which case the nearest `X-Forwarded-For` entry that is not itself a trusted proxy.
 * An untrusted client's forwarding headers are never read, or rotating them would reset every
 * per-address limit and count one visitor many times. '' when there is no peer (no socket).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: BlockList): string {
  const socket = bareIp(peer ?? '');
  if (!socket || !isTrusted(trusted, socket)) return socket;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map(bareIp)
    .filter((h) => isIP(h) !== 0);
  while (hops.length > 0 && isTrusted(trusted, hops.at(-1)!)) hops.pop();
  return hops.at(-1) ?? socket;
}

/** Every header a client or proxy may use to name an address: none of them passes the gateway as sent. */
export const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'forwarded'] as const;

/**
 * The headers the gateway sets to the one trusted address, as hosted Supabase's edge does
 * (Cloudflare's `cf-connecting-ip`, which SQL reads, plus `x-forwarded-for` and `x-real-ip`).
 */
const SET_HEADERS = ['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Rewrites a request's address headers in place, before anything reads them: whatever the client
 * sent under CLIENT_ADDRESS_HEADERS is dropped and SET_HEADERS carry `address`. Both views Node
 * keeps are rewritten: `headers` (the REST proxy forwards it) and `rawHeaders` (Hono's Request is
 * built from it: auth, storage, functions).
 */
export function passClientAddress(req: IncomingMessage, address: string): void {
  const dropped = new Set<string>(CLIENT_ADDRESS_HEADERS);
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (!dropped.has(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  for (const name of CLIENT_ADDRESS_HEADERS) delete req.headers[name];
  if (address) {
    for (const name of SET_HEADERS) {
      raw.push(name, address);
      req.headers[name] = address;
    }
  }
  req.rawHeaders = raw;
}
