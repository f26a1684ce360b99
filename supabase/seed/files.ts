// Covers and pattern PDFs uploaded through the storage API, recorded in pattern_files.
import type { DemoPattern } from './catalog.ts';
import type { AssetSource } from './demo-assets.ts';
import { json, type SeedOptions } from './db.ts';
import type { DemoStore } from './people.ts';
import { secondVersions } from './patterns.ts';

async function upload(opts: SeedOptions, bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await fetch(`${opts.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: {
      apikey: opts.serviceRoleKey,
      authorization: `Bearer ${opts.serviceRoleKey}`,
      'content-type': contentType,
      'x-upsert': 'true',
      'cache-control': 'max-age=3600',
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (!res.ok) throw new Error(`upload of ${bucket}/${path} failed: ${res.status} ${await res.text()}`);
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Covers and one PDF per offered format, uploaded through the storage API, recorded in pattern_files. */
export async function insertFiles(opts: SeedOptions, assets: AssetSource, patterns: DemoPattern[], stores: DemoStore[]): Promise<number> {
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  const second = secondVersions(patterns);
  const files: Record<string, unknown>[] = [];
  const covers: { id: string; path: string }[] = [];
  await eachLimited(patterns, 8, async (p) => {
    const cover = await assets.cover(p);
    const coverPath = `${p.store_id}/${p.id}/${cover.fileName}`;
    await upload(opts, 'pattern-images', coverPath, cover.bytes, cover.contentType);
    covers.push({ id: p.id, path: coverPath });
    for (const format of p.formats) {
      // the file a second version changed is that file's version 2, with the version's note
      const changed = second.get(p.id)?.format === format ? second.get(p.id)! : null;
      const version = changed ? 2 : 1;
      const pdf = await assets.pdf(p, format, storeName.get(p.store_id)!, changed ? 1 : 0);
      const path = `${p.store_id}/${p.id}/${format}/v${version}.pdf`;
      await upload(opts, 'pattern-files', path, pdf.bytes, pdf.contentType);
      files.push({
        pattern_id: p.id,
        store_id: p.store_id,
        format,
        version,
        storage_path: path,
        size_bytes: pdf.bytes.byteLength,
        sha256: pdf.sha256,
        changelog: changed ? changed.changes : 'First release.',
        created_at: p.published_at ?? p.created_at,
        updated_at: changed ? changed.at : (p.published_at ?? p.created_at),
      });
    }
  });
  await opts.pool.query(
    `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog, created_at, updated_at)
     select pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog, created_at, updated_at
       from jsonb_populate_recordset(null::public.pattern_files, $1::jsonb)
     on conflict do nothing`,
    [json(files)],
  );
  await opts.pool.query(
    `update public.patterns p set cover_path = c.path, gallery_paths = array[c.path]
       from jsonb_to_recordset($1::jsonb) as c(id uuid, path text) where p.id = c.id`,
    [json(covers)],
  );
  return files.length;
}
