// Phoenix channel frames as realtime-js speaks them (its lib/serializer.ts). vsn 2.0.0 (the
// default): text frames are JSON arrays [join_ref, ref, topic, event, payload]; a client's
// broadcast may come as a binary "user broadcast push" (kind 3) and the server sends a binary
// "user broadcast" (kind 4) when the payload is binary. vsn 1.0.0: JSON objects.

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload is raw bytes (encoding 0), kept as bytes end to end. */
export interface BinaryBroadcast {
  type: 'broadcast';
  event: string;
  payload: Buffer;
  meta?: unknown;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export class FrameError extends Error {}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (!isBinary) {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('a frame is [join_ref, ref, topic, event, payload]');
      const [join_ref, ref, topic, event, payload] = parsed as [unknown, unknown, unknown, unknown, unknown];
      if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
      return { join_ref: str(join_ref), ref: str(ref), topic, event, payload };
    }
    const m = parsed as Partial<Record<keyof Message, unknown>>;
    if (!m || typeof m.topic !== 'string' || typeof m.event !== 'string') throw new FrameError('topic and event must be strings');
    return { join_ref: str(m.join_ref), ref: str(m.ref), topic: m.topic, event: m.event, payload: m.payload };
  }
  if (data[0] !== KIND_USER_BROADCAST_PUSH || data.length < 7) throw new FrameError('unknown binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!, data[6]!];
  let offset = 7;
  const take = (n: number): Buffer => {
    if (offset + n > data.length) throw new FrameError('binary frame shorter than its header');
    const part = data.subarray(offset, offset + n);
    offset += n;
    return part;
  };
  const joinRef = take(joinRefLen).toString('utf8');
  const ref = take(refLen).toString('utf8');
  const topic = take(topicLen).toString('utf8');
  const event = take(eventLen).toString('utf8');
  const metaText = take(metaLen).toString('utf8');
  const body = data.subarray(offset);
  const meta = metaText ? (JSON.parse(metaText) as Record<string, unknown>) : {};
  const userPayload = encoding === JSON_ENCODING ? (JSON.parse(body.toString('utf8')) as unknown) : Buffer.from(body);
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event, payload: userPayload },
  };
}

export function encodeFrame(m: Message, vsn: Vsn): string | Buffer {
  const p = m.payload as Partial<BinaryBroadcast> | null;
  if (vsn === '2.0.0' && m.event === 'broadcast' && p && Buffer.isBuffer(p.payload)) return encodeUserBroadcast(m.topic, p as BinaryBroadcast);
  if (vsn === '2.0.0') return JSON.stringify([m.join_ref, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({ join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload });
}

/** A postgres_changes frame around change data serialised once for every channel that gets it. */
export function encodeChange(joinRef: string | null, topic: string, ids: number[], dataJson: string, vsn: Vsn): string {
  const payload = `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`;
  if (vsn === '2.0.0') return `[${JSON.stringify(joinRef)},null,${JSON.stringify(topic)},"postgres_changes",${payload}]`;
  return `{"join_ref":${JSON.stringify(joinRef)},"ref":null,"topic":${JSON.stringify(topic)},"event":"postgres_changes","payload":${payload}}`;
}

function encodeUserBroadcast(topic: string, b: BinaryBroadcast): Buffer {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(b.event, 'utf8');
  const meta = Buffer.from(b.meta === undefined ? '' : JSON.stringify(b.meta), 'utf8');
  if (t.length > 255 || e.length > 255 || meta.length > 255) throw new FrameError('topic, event or meta longer than 255 bytes');
  return Buffer.concat([Buffer.from([KIND_USER_BROADCAST, t.length, e.length, meta.length, BINARY_ENCODING]), t, e, meta, b.payload]);
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
