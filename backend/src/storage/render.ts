// Supabase Storage's image transformations (GET /render/image/...): an image object resized
// to width/height with resize cover|contain|fill, at quality 20..100, as WebP when the browser
// accepts it (unless format=origin). Hosted Supabase does this with imgproxy; here sharp
// (libvips) does it in-process, so every render is bounded: input bytes and pixels, a time
// limit, two renders at a time, and a small LRU of results keyed by the object's version.
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
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

/** The raster formats libvips reads, as file-type names them from the bytes. */
const rasterFormats: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
/** Enough of the file for file-type to recognise any of them. */
const sniffBytes = 4100;
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
export function outputFormat(origin: OutputFormat, transform: Transform, accept: string | undefined): OutputFormat {
  if (transform.format === 'origin') return origin;
  return accept && /(^|[\s,])image\/webp\b/i.test(accept) ? 'webp' : origin;
}

/** Storage's X-Transformations header: the transform in imgproxy's words (ImageRenderer.applyTransformation). */
export function transformationsHeader(t: Transform): string {
  const parts: string[] = [];
  if (t.height !== undefined) parts.push(`height:${t.height}`);
  if (t.width !== undefined) parts.push(`width:${t.width}`);
  if (t.width !== undefined || t.height !== undefined) {
    parts.push(`resizing_type:${t.resize === 'contain' ? 'fit' : t.resize === 'fill' ? 'force' : 'fill'}`);
  }
  if (t.quality !== defaultQuality) parts.push(`quality:${t.quality}`);
  return parts.join(',');
}

/**
 * What a signed link carries (Storage's `transformations` claim, ImageRenderer.applyTransformation
 * with keepOriginal) and, back from the claim, the query parseTransform reads.
 */
export function transformationsClaim(t: { width?: number; height?: number; resize?: string; quality?: number }): string {
  const parts: string[] = [];
  if (t.height) parts.push(`height:${t.height}`);
  if (t.width) parts.push(`width:${t.width}`);
  if ((t.width || t.height) && t.resize) parts.push(`resize:${t.resize}`);
  if (t.quality) parts.push(`quality:${t.quality}`);
  return parts.join(',');
}

export function transformFromClaim(transformations: string, format: string | undefined): Transform {
  const query = new URLSearchParams();
  for (const part of transformations.split(',')) {
    const [name, value] = part.split(':');
    if (name && value && ['height', 'width', 'resize', 'quality'].includes(name)) query.set(name, value);
  }
  if (format) query.set('format', format);
  return parseTransform(query);
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

  /** Input formats by object version: the bytes of a version never change. */
  private readonly formats = new Map<string, OutputFormat>();

  /**
   * What the object is, decided by its bytes as Storage's imgproxy decides (an image uploaded
   * as text/plain, storage-js's default, renders): a raster format libvips reads, by its magic
   * number. An SVG only when it was stored as one, since only then did the upload check it for
   * anything that runs; it becomes a PNG for "origin" (lossless, keeps transparency).
   */
  async inputFormat(object: ObjectRow): Promise<OutputFormat> {
    const mimetype = object.metadata?.mimetype ?? 'application/octet-stream';
    if (mimetype.split(';')[0]!.trim().toLowerCase() === 'image/svg+xml') return 'png';
    if (!object.version) throw errors.noSuchKey();
    const key = `${object.bucket_id}/${object.name}@${object.version}`;
    const known = this.formats.get(key);
    if (known) return known;
    let head: Buffer;
    try {
      const file = await open(this.store.objectPath(object.bucket_id, object.name, object.version));
      try {
        const buffer = Buffer.alloc(sniffBytes);
        const { bytesRead } = await file.read(buffer, 0, sniffBytes, 0);
        head = buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw errors.noSuchKey();
      throw err;
    }
    const found = rasterFormats[(await fileTypeFromBuffer(head))?.mime ?? ''];
    if (!found) throw errors.notAnImage(mimetype);
    if (this.formats.size >= 10_000) this.formats.delete(this.formats.keys().next().value!);
    this.formats.set(key, found);
    return found;
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
      pending
        .then((r) => this.cache.set(key, r))
        .catch(() => {})
        .finally(() => this.inFlight.delete(key));
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
        format === 'webp'
          ? pipeline.webp({ quality: q })
          : format === 'jpeg'
            ? pipeline.jpeg({ quality: q, mozjpeg: true })
            : format === 'avif'
              ? pipeline.avif({ quality: q })
              : format === 'gif'
                ? pipeline.gif()
                : pipeline.png({ compressionLevel: 9, palette: q < 100, quality: q });
      const body = await pipeline.toBuffer();
      return {
        body,
        contentType: contentTypes[format],
        etag: `"${createHash('sha1')
          .update(`${object.metadata?.eTag ?? ''}|${key}`)
          .digest('hex')}"`,
      };
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
