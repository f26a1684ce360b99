// Signed URLs: download links signed by a caller allowed to read (and re-checked against RLS
// when used), and upload links whose permission is checked (dry-run as the caller) when signing;
// an upload URL then lets anyone holding it upload that one object within two hours.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import * as db from '../db.ts';
import { maxBatch, requireBucket, type StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { assertBucketId, isSafeObjectName } from '../names.ts';
import { callerOf, jsonBody, objectParams } from '../request.ts';
import { serveObject } from '../serve.ts';
import type { ImageRenderer } from '../render.ts';
import { transformationsClaim, transformFromClaim } from '../render.ts';
import { assertSignedUrlLifetime, signDownloadToken, signUploadToken, verifyDownloadToken, verifyUploadToken, type SignedTransform } from '../signing.ts';
import { respondWithRender } from './render.ts';
import { dryRunAsCaller, ownerOf, readAsCaller } from '../tx.ts';
import { readUploadBody, uploadObject } from '../upload.ts';

const expiresIn = { expiresIn: z.coerce.number().int().positive() };
/** Storage's transformationOptionsSchema (the parts this renderer does; gravity it does not). */
const transformBody = z.object({
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
  resize: z.enum(['cover', 'contain', 'fill']).optional(),
  format: z.enum(['origin']).optional(),
  quality: z.number().int().min(20).max(100).optional(),
});
const signBody = z.object({ ...expiresIn, transform: transformBody.optional() });
const signManyBody = z.object({ ...expiresIn, paths: z.array(z.string()).min(1).max(maxBatch) });

/** Registered before the object routes, so "sign" is not read as a bucket. */
export function registerSignedUrls(app: Hono, deps: StorageDeps, renderer: ImageRenderer): void {
  const { ctx, store } = deps;
  const secret = ctx.config.jwtSecret;

  app.post('/object/sign/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    const { expiresIn, transform } = await jsonBody(c, signBody);
    assertSignedUrlLifetime(expiresIn);
    // As Storage: a transform goes into the token, and the link is the signed render route.
    const transformations = transform ? transformationsClaim(transform) : '';
    const format = transform?.format ?? '';
    if (transformations || format) transformFromClaim(transformations, format); // a bad transform fails now, not when opened
    await requireBucket(deps, bucket);
    const object = await readAsCaller(ctx.pool, caller, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    const extra = { ...(transformations ? { transformations } : {}), ...(format ? { format } : {}) };
    const token = await signDownloadToken(bucket, name, expiresIn, caller.claims, secret, extra);
    const route = transformations ? 'render/image' : 'object';
    return c.json({ signedURL: `/${route}/sign/${bucket}/${name}?token=${token}` });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const { expiresIn, paths } = await jsonBody(c, signManyBody);
    assertSignedUrlLifetime(expiresIn);
    await requireBucket(deps, bucket);
    const valid = paths.filter(isSafeObjectName);
    const visible = await readAsCaller(ctx.pool, caller, (client) => db.findObjects(client, bucket, valid));
    const found = new Set(visible.map((o) => o.name));
    const results = await Promise.all(
      paths.map(async (path) =>
        found.has(path)
          ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${await signDownloadToken(bucket, path, expiresIn, caller.claims, secret)}` }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    );
    return c.json(results);
  });

  /** The object a signed download link names, and the transform its token carries. */
  async function signedObject(c: Context): Promise<{ object: db.ObjectRow; transform: SignedTransform }> {
    const { bucket, name } = objectParams(c);
    const token = c.req.query('token');
    if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
    const { signer, ...transform } = await verifyDownloadToken(token, bucket, name, secret);
    await requireBucket(deps, bucket);
    // Not the token alone: the signer must still be allowed to read the object (RLS, now).
    const asSigner = { claims: signer, method: c.req.method, path: new URL(c.req.url).pathname };
    const object = await readAsCaller(ctx.pool, asSigner, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    return { object, transform };
  }

  app.get('/object/sign/:bucket/:name{[^]+}', async (c) => serveObject(c, store, (await signedObject(c)).object));

  // A signed link with a transform: the same checks, then the image as the token's transform says.
  app.on(['GET', 'HEAD'], '/render/image/sign/:bucket/:name{[^]+}', async (c) => {
    const { object, transform } = await signedObject(c);
    return respondWithRender(c, renderer, object, transformFromClaim(transform.transformations ?? '', transform.format));
  });

  app.post('/object/upload/sign/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    const upsert = c.req.header('x-upsert') === 'true';
    await requireBucket(deps, bucket);
    const probe: db.NewObject = {
      bucket,
      name,
      ...ownerOf(caller.claims),
      version: randomUUID(),
      metadata: { eTag: '', size: 0, mimetype: '', cacheControl: '', lastModified: '', contentLength: 0, httpStatusCode: 200 },
      user_metadata: null,
    };
    await dryRunAsCaller(ctx.pool, caller, (client) => db.insertObject(client, probe, upsert));
    const token = await signUploadToken(bucket, name, { owner: probe.owner_id, upsert }, secret);
    return c.json({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  });

  app.put('/object/upload/sign/:bucket/:name{[^]+}', async (c) => {
    const { bucket, name } = objectParams(c);
    const token = c.req.query('token');
    if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
    const granted = await verifyUploadToken(token, bucket, name, secret);
    await deps.ready;
    const input = await readUploadBody(c.req.raw);
    const caller = { claims: { role: 'service_role' }, method: c.req.method, path: new URL(c.req.url).pathname };
    const owner = granted.owner !== null ? ownerOf({ sub: granted.owner }) : { owner: null, owner_id: null };
    return c.json(await uploadObject(ctx, store, caller, bucket, name, input, granted.upsert, owner));
  });
}
