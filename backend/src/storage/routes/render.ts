// GET /render/image/public|authenticated/:bucket/:path?width=&height=&resize=&quality=&format=
// — Supabase Storage's image transformation routes (what storage-js's getPublicUrl and
// download write when given `transform`). Who may read an object is decided by the same
// steps as the /object routes (deps.ts publicObject, visibleObject); only the bytes differ.
// Whether an object is an image is told by its bytes (ImageRenderer.inputFormat), and every
// answer names its transform in X-Transformations, as Storage's do. The signed route
// (/render/image/sign, links createSignedUrl makes with a transform) is in signed.ts.
import type { Context, Hono } from 'hono';
import type * as db from '../db.ts';
import { publicObject, visibleObject, type StorageDeps } from '../deps.ts';
import { outputFormat, parseTransform, transformationsHeader, type ImageRenderer, type Transform } from '../render.ts';
import { callerOf, objectParams } from '../request.ts';
import { userFileHeaders } from '../serve.ts';

/** Sends one rendered variant of an object (the public, authenticated and signed render routes). */
export async function respondWithRender(c: Context, renderer: ImageRenderer, object: db.ObjectRow, transform: Transform): Promise<Response> {
  const meta = object.metadata;
  const format = outputFormat(await renderer.inputFormat(object), transform, c.req.header('accept'));
  const image = await renderer.render(object, transform, format);
  const headers = new Headers({
    'content-type': image.contentType,
    'x-transformations': transformationsHeader(transform),
    'cache-control': meta?.cacheControl ?? 'no-cache',
    'last-modified': new Date(object.updated_at).toUTCString(),
    etag: image.etag,
    // The same URL answers WebP to one browser and the stored format to another.
    vary: 'Accept',
    ...userFileHeaders,
  });
  if (c.req.header('if-none-match') === image.etag) return new Response(null, { status: 304, headers });
  headers.set('content-length', String(image.body.length));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(image.body), { status: 200, headers });
}

export function registerRenders(app: Hono, deps: StorageDeps, renderer: ImageRenderer): void {
  const { ctx } = deps;
  const respond = (c: Context, object: db.ObjectRow, transform: Transform) => respondWithRender(c, renderer, object, transform);

  // --- public buckets: no auth, as /object/public
  app.on(['GET', 'HEAD'], '/render/image/public/:bucket/:name{[^]+}', async (c) => {
    const transform = parseTransform(new URL(c.req.url).searchParams);
    const { bucket, name } = objectParams(c);
    return respond(c, await publicObject(deps, bucket, name), transform);
  });

  // --- any bucket: the caller's row-level security decides, as /object/authenticated
  app.on(['GET', 'HEAD'], '/render/image/authenticated/:bucket/:name{[^]+}', async (c) => {
    const transform = parseTransform(new URL(c.req.url).searchParams);
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    return respond(c, await visibleObject(deps, caller, bucket, name), transform);
  });
}
