// Supabase Storage's image transformations (GET /render/image/...): an image object resized
// to width/height with resize cover|contain|fill, at quality 20..100, as WebP when the browser
// accepts it (unless format=origin). Hosted Supabase does this with imgproxy; here sharp
// (libvips) does it in-process, so every render is bounded: input bytes and pixels, a time
// limit, two renders at a time, and a small LRU of results keyed by the object's version.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { ObjectRow } from './db.ts';
import { errors, StorageError } from './errors.ts';
import type { FileStore } from './files.ts';

/** Hosted Supabase's limits: sides up to 2500 px, quality 20..100 (default 80), 25 MB inputs. */
export const maxSide = 2500;
export const maxInputBytes = 25 * 1024 * 1024;
/** Pixels libvips may decode (50 MP, as Supabase); a bigger image is refused, not rendered. */
export const maxInputPixels = 50_000_000;
const renderTimeoutSeconds = 10;
const defaultQuality = 80;

export type ResizeMode = 'cover' | 'contain' | 'fill';

export interface Transform {
  width?: number;
  height?: number;
  resize: ResizeMode;
  quality: number;
  /** 'origin' keeps the stored format; otherwise WebP for browsers that accept it. */
  format?: 'origin';
}

/** What libvips reads; anything else (PDF, text) is not an image to transform. */
const inputFormats: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  // An SVG becomes a raster at the asked size; "origin" for it means PNG (lossless, keeps transparency).
  'image/svg+xml': 'png',
};
type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const contentTypes: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

function intParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw errors.invalidRequest(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  const value = Number(raw);
  if (value < min || value > max) throw errors.invalidRequest(`${name} must be from ${min} to ${max}, got ${value}`);
  return value;
}

/** Reads and checks the query; a bad value is a 400 naming the parameter and its range. */
export function parseTransform(query: URLSearchParams): Transform {
  const width = intParam(query, 'width', 1, maxSide);
  const height = intParam(query, 'height', 1, maxSide);
  const quality = intParam(query, 'quality', 20, 100) ?? defaultQuality;
  const resize = query.get('resize') || 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') {
    throw errors.invalidRequest(`resize must be one of cover, contain, fill, got ${JSON.stringify(resize)}`);
  }
  const format = query.get('format') || undefined;
  if (format !== undefined && format !== 'origin') throw errors.invalidRequest(`format must be origin, got ${JSON.stringify(format)}`);
  return { width, height, resize, quality, format };
}

/** The format a response is encoded in: the browser's Accept decides, as on hosted Supabase. */
export function outputFormat(mimetype: string, transform: Transform, accept: string | undefined): OutputFormat {
  const origin = inputFormats[mimetype.split(';')[0]!.trim().toLowerCase()];
  if (!origin) throw errors.notAnImage(mimetype);
  if (transform.format === 'origin') return origin;
  return accept && /(^|[\s,])image\/webp\b/i.test(accept) ? 'webp' : origin;
}

export interface Rendered {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** One object version and one transform give one result; new bytes get a new version. */
function cacheKey(object: ObjectRow, transform: Transform, format: OutputFormat): string {
  const t = transform;
  return `${object.bucket_id}/${object.name}@${object.version}|${t.width ?? ''}x${t.height ?? ''}|${t.resize}|q${t.quality}|${format}`;
}

/** Least recently used results up to a byte budget (a Map iterates in insertion order). */
export class RenderCache {
  private readonly entries = new Map<string, Rendered>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): Rendered | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Rendered): void {
    if (value.body.length > this.maxBytes / 4) return; // one huge result would flush everything else
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
  }
}

export class ImageRenderer {
  private readonly cache: RenderCache;
  /** Same key asked again while it renders (a page of cards): one render, shared. */
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  /** libvips uses every core per render already; more at once only queues memory. */
  private readonly slots = pLimit(2);

  constructor(
    private readonly store: FileStore,
    cacheBytes = 32 * 1024 * 1024,
  ) {
    this.cache = new RenderCache(cacheBytes);
  }

  async render(object: ObjectRow, transform: Transform, format: OutputFormat): Promise<Rendered> {
    if (!object.version) throw errors.noSuchKey();
    const key = cacheKey(object, transform, format);
    const hit = this.cache.get(key);
    if (hit) return hit;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.slots(() => this.renderNow(object, transform, format, key));
      this.inFlight.set(key, pending);
      pending.then((r) => this.cache.set(key, r)).catch(() => {}).finally(() => this.inFlight.delete(key));
    }
    return pending;
  }

  private async renderNow(object: ObjectRow, transform: Transform, format: OutputFormat, key: string): Promise<Rendered> {
    const size = object.metadata?.size ?? 0;
    if (size > maxInputBytes) throw errors.imageTooLarge(`the image is ${size} bytes; at most ${maxInputBytes} can be transformed`);
    let input: Buffer;
    try {
      input = await readFile(this.store.objectPath(object.bucket_id, object.name, object.version!));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw errors.noSuchKey();
      throw err;
    }
    if (input.length > maxInputBytes) throw errors.imageTooLarge(`the image is ${input.length} bytes; at most ${maxInputBytes} can be transformed`);
    const isSvg = (object.metadata?.mimetype ?? '').startsWith('image/svg+xml');
    try {
      const density = isSvg ? await svgDensity(input, transform) : undefined;
      let pipeline = sharp(input, { limitInputPixels: maxInputPixels, autoOrient: true, density, failOn: 'error' }).timeout({
        seconds: renderTimeoutSeconds,
      });
      if (transform.width !== undefined || transform.height !== undefined) {
        pipeline = pipeline.resize({
          width: transform.width,
          height: transform.height,
          // Supabase's contain fits the whole image inside the box without padding it.
          fit: transform.resize === 'contain' ? 'inside' : transform.resize,
          withoutEnlargement: !isSvg,
        });
      }
      const q = transform.quality;
      pipeline =
        format === 'webp' ? pipeline.webp({ quality: q })
        : format === 'jpeg' ? pipeline.jpeg({ quality: q, mozjpeg: true })
        : format === 'avif' ? pipeline.avif({ quality: q })
        : format === 'gif' ? pipeline.gif()
        : pipeline.png({ compressionLevel: 9, palette: q < 100, quality: q });
      const body = await pipeline.toBuffer();
      return { body, contentType: contentTypes[format], etag: `"${createHash('sha1').update(`${object.metadata?.eTag ?? ''}|${key}`).digest('hex')}"` };
    } catch (err) {
      if (err instanceof StorageError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      if (/pixel limit/i.test(message)) throw errors.imageTooLarge(`the image has more than ${maxInputPixels} pixels`);
      if (/timeout/i.test(message)) throw errors.imageTooLarge(`rendering took longer than ${renderTimeoutSeconds} s`);
      throw errors.notAnImage(object.metadata?.mimetype ?? 'unknown', message);
    }
  }
}

/**
 * An SVG has no pixels: rasterise it at the density that makes it at least as large as the
 * asked box (72 dpi is 1 px per SVG unit), so the result is sharp rather than an upscale.
 */
async function svgDensity(input: Buffer, t: Transform): Promise<number | undefined> {
  const { width, height } = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  if (!width || !height) return undefined;
  const scale = Math.max((t.width ?? 0) / width, (t.height ?? 0) / height, 1);
  // Keep the raster inside the pixel limit whatever the SVG's own size.
  const capped = Math.min(scale, Math.sqrt(maxInputPixels / (width * height)));
  return Math.max(1, Math.min(72 * capped, 100_000));
}
