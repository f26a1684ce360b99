// Password authentication for the PGlite socket: PostgreSQL 15's default exchange,
// SCRAM-SHA-256 (RFC 5802 / RFC 7677, as in PostgreSQL's auth-scram.c), in front of
// pglite-socket, which would otherwise let any user in with any password as superuser.
// Only the one configured user gets in; everyone else gets PostgreSQL's own
// FATAL 28P01 "password authentication failed for user …" ErrorResponse. Channel binding
// (SCRAM-SHA-256-PLUS) is not offered: the socket has no TLS and listens on loopback only.
import crypto from 'node:crypto';
import type net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const ITERATIONS = 4096; // PostgreSQL's scram_iterations default
/** PostgreSQL's authentication_timeout: a client that never finishes the exchange is dropped. */
const AUTH_TIMEOUT_MS = 60_000;

/** What the server keeps of the password (PostgreSQL stores the same in pg_authid). */
export interface ScramSecret {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, data: string | Buffer) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest();

export function scramSecret(password: string, salt = crypto.randomBytes(16), iterations = ITERATIONS): ScramSecret {
  const salted = crypto.pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  return { salt, iterations, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') };
}

let decoy: ScramSecret | undefined;

export interface AuthOptions {
  user: string;
  secret: ScramSecret;
}

/**
 * Runs the start-up and SCRAM exchange on a fresh socket. Resolves with the bytes to hand to
 * PGlite (the client's StartupMessage, which PGlite answers with AuthenticationOk and its
 * parameters, plus anything the client already sent after it), or null when the client was
 * refused or went away (the socket is then closed).
 */
export async function authenticateClient(socket: net.Socket, options: AuthOptions): Promise<Buffer | null> {
  const reader = new SocketReader(socket);
  const timer = setTimeout(() => socket.destroy(), AUTH_TIMEOUT_MS);
  try {
    const startup = await readStartup(socket, reader);
    if (!startup) return null;
    const user = startup.params.get('user') ?? '';
    // Unknown users go through the same exchange against a secret nobody knows, as
    // PostgreSQL does, so the answer does not tell which user names exist.
    const secret = user === options.user ? options.secret : (decoy ??= scramSecret(crypto.randomBytes(24).toString('base64')));
    const ok = await scramExchange(socket, reader, secret);
    if (ok === 'gone') return null;
    if (!ok || user !== options.user) {
      refuse(socket, '28P01', `password authentication failed for user "${user}"`);
      return null;
    }
    return Buffer.concat([startup.message, reader.detach()]);
  } catch (err) {
    if (!socket.destroyed) refuse(socket, '08P01', `invalid authentication exchange: ${(err as Error).message}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function readStartup(socket: net.Socket, reader: SocketReader): Promise<{ message: Buffer; params: Map<string, string> } | null> {
  for (;;) {
    const head = await reader.read(8);
    if (!head) return null;
    const length = head.readInt32BE(0);
    const code = head.readInt32BE(4);
    if (length < 8 || length > 10_000) throw new Error('bad start-up packet length');
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      socket.write('N'); // no TLS / GSSAPI: the client goes on in plain text (loopback only)
      continue;
    }
    if (code === CANCEL_REQUEST) {
      socket.destroy(); // PGlite runs one query at a time and cannot cancel it
      return null;
    }
    const rest = await reader.read(length - 8);
    if (!rest) return null;
    if (code !== PROTOCOL_3) {
      refuse(socket, '0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}: server supports 3.0`);
      return null;
    }
    const parts = rest.toString('utf8').split('\0');
    const params = new Map<string, string>();
    for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params.set(parts[i]!, parts[i + 1]!);
    return { message: Buffer.concat([head, rest]), params };
  }
}

/** true: the proof matched; false: it did not; 'gone': the client left mid-exchange. */
async function scramExchange(socket: net.Socket, reader: SocketReader, secret: ScramSecret): Promise<boolean | 'gone'> {
  socket.write(authMessage(10, Buffer.from('SCRAM-SHA-256\0\0')));

  const initial = await readPasswordMessage(reader);
  if (!initial) return 'gone';
  const mechanismEnd = initial.indexOf(0);
  const mechanism = initial.subarray(0, mechanismEnd).toString();
  if (mechanism !== 'SCRAM-SHA-256') throw new Error(`client selected an invalid SASL authentication mechanism (${mechanism})`);
  const responseLength = initial.readInt32BE(mechanismEnd + 1);
  const clientFirst = initial.subarray(mechanismEnd + 5, mechanismEnd + 5 + responseLength).toString();
  // gs2 header: "n,," (no channel binding) or "y,," (client could, we do not offer it)
  const match = /^([ny]),(?:a=[^,]*)?,(.*)$/.exec(clientFirst);
  if (!match) throw new Error('malformed SCRAM client-first-message');
  const gs2Header = clientFirst.slice(0, clientFirst.length - match[2]!.length);
  const clientFirstBare = match[2]!;
  const clientNonce = /(?:^|,)r=([^,]+)/.exec(clientFirstBare)?.[1];
  if (!clientNonce) throw new Error('SCRAM client-first-message has no nonce');

  const nonce = clientNonce + crypto.randomBytes(18).toString('base64');
  const serverFirst = `r=${nonce},s=${secret.salt.toString('base64')},i=${secret.iterations}`;
  socket.write(authMessage(11, Buffer.from(serverFirst)));

  const final = await readPasswordMessage(reader);
  if (!final) return 'gone';
  const clientFinal = final.toString();
  const proofAt = clientFinal.lastIndexOf(',p=');
  if (proofAt < 0) throw new Error('SCRAM client-final-message has no proof');
  const withoutProof = clientFinal.slice(0, proofAt);
  const fields = new Map(withoutProof.split(',').map((f) => [f.slice(0, 1), f.slice(2)] as const));
  if (fields.get('c') !== Buffer.from(gs2Header).toString('base64')) throw new Error('unexpected SCRAM channel-binding data');
  if (fields.get('r') !== nonce) throw new Error('SCRAM nonce does not match');
  const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');

  const authMessageText = `${clientFirstBare},${serverFirst},${withoutProof}`;
  const clientSignature = hmac(secret.storedKey, authMessageText);
  if (proof.length !== clientSignature.length) return false;
  const clientKey = Buffer.alloc(proof.length);
  for (let i = 0; i < proof.length; i++) clientKey[i] = proof[i]! ^ clientSignature[i]!;
  if (!crypto.timingSafeEqual(sha256(clientKey), secret.storedKey)) return false;

  const serverSignature = hmac(secret.serverKey, authMessageText).toString('base64');
  socket.write(authMessage(12, Buffer.from(`v=${serverSignature}`)));
  return true;
}

async function readPasswordMessage(reader: SocketReader): Promise<Buffer | null> {
  const head = await reader.read(5);
  if (!head) return null;
  if (head[0] !== 0x70) throw new Error(`expected SASL response, got message type "${String.fromCharCode(head[0]!)}"`);
  const length = head.readInt32BE(1);
  if (length < 4 || length > 10_000) throw new Error('bad SASL message length');
  return reader.read(length - 4);
}

/** Authentication request 'R' with its sub-code (10 SASL, 11 SASLContinue, 12 SASLFinal). */
function authMessage(code: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(9 + payload.length);
  out.write('R', 0);
  out.writeInt32BE(8 + payload.length, 1);
  out.writeInt32BE(code, 5);
  payload.copy(out, 9);
  return out;
}

/** A FATAL ErrorResponse as PostgreSQL sends it, then the connection closes. */
function refuse(socket: net.Socket, code: string, message: string): void {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const out = Buffer.alloc(5 + fields.length);
  out.write('E', 0);
  out.writeInt32BE(4 + fields.length, 1);
  fields.copy(out, 5);
  socket.end(out);
}

/** Reads exact byte counts from a socket until detached; resolves null if the socket closes first. */
class SocketReader {
  private buffered = Buffer.alloc(0);
  private waiting: { size: number; resolve: (b: Buffer | null) => void } | null = null;
  private closed = false;
  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.settle();
  };
  private readonly onClose = () => {
    this.closed = true;
    this.settle();
  };

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('close', this.onClose);
    socket.on('error', this.onClose);
  }

  read(size: number): Promise<Buffer | null> {
    return new Promise((resolve) => {
      this.waiting = { size, resolve };
      this.settle();
    });
  }

  /** Stops reading; returns what arrived beyond the last read. */
  detach(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onClose);
    return this.buffered;
  }

  private settle(): void {
    const w = this.waiting;
    if (!w) return;
    if (this.buffered.length >= w.size) {
      this.waiting = null;
      const out = this.buffered.subarray(0, w.size);
      this.buffered = this.buffered.subarray(w.size);
      w.resolve(out);
    } else if (this.closed) {
      this.waiting = null;
      w.resolve(null);
    }
  }
}
