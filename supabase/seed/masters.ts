// Demo masters: a few sewing patterns get a master PDF (two A0 sheets, one layer per
// size, drawn by assets/master-pdf.ts) and every format made from it by the same generator and
// database functions the pattern-formats function uses, so a fresh `npm start` shows "print only
// my sizes" on Rosa's download page and the generated formats in Blue Thimble's editor. Patterns
// that already have a master are left alone (running the seed again changes nothing).
import { createHash } from 'node:crypto';
import { makeMasterPdf } from './assets/master-pdf.ts';
import { inkOf, readMaster } from '../functions/_shared/master.ts';
import { generateFormat, GENERATED_FORMATS } from '../functions/_shared/print-formats.ts';
import { matchLayers } from '../../shared/src/catalog/tiling.ts';
import { json, type SeedOptions } from './db.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function upload(opts: SeedOptions, path: string, bytes: Uint8Array): Promise<void> {
  const res = await fetch(`${opts.url}/storage/v1/object/pattern-files/${path}`, {
    method: 'POST',
    headers: { apikey: opts.serviceRoleKey, authorization: `Bearer ${opts.serviceRoleKey}`, 'content-type': 'application/pdf', 'x-upsert': 'true' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (!res.ok) throw new Error(`upload of pattern-files/${path} failed: ${res.status} ${await res.text()}`);
}

/** Rosa's sewing patterns with at least four sizes (two), and one of Blue Thimble's; those without a master yet. */
async function chosen(opts: SeedOptions): Promise<{ id: string; store_id: string; title: string; sizes: string[] }[]> {
  const { rows } = await opts.pool.query(
    `with candidates as (
       select p.id, p.store_id, p.title, (select array_agg(s ->> 'label') from jsonb_array_elements(p.size_chart -> 'sizes') s) as sizes,
              exists (select 1 from public.entitlements e join auth.users u on u.id = e.user_id where e.pattern_id = p.id and u.email = 'rosa@makers.test' and e.revoked_at is null) as rosas,
              st.slug = 'blue-thimble' as blue, p.current_version
         from public.patterns p join public.stores st on st.id = p.store_id
        where p.status = 'published' and p.craft = 'sewing' and jsonb_array_length(p.size_chart -> 'sizes') >= 4
          and not exists (select 1 from public.pattern_masters m where m.pattern_id = p.id))
     (select id, store_id, title, sizes from candidates where rosas and current_version = 1 order by title limit 2)
     union
     (select id, store_id, title, sizes from candidates where blue and current_version = 1 order by rosas desc, title limit 1)`,
  );
  return rows as { id: string; store_id: string; title: string; sizes: string[] }[];
}

export async function insertMasters(opts: SeedOptions): Promise<number> {
  const patterns = await chosen(opts);
  for (const pattern of patterns) {
    const bytes = await makeMasterPdf({ title: pattern.title, sizes: pattern.sizes.slice(0, 12), sheets: 2 });
    const master = await readMaster(bytes);
    const matches = matchLayers(master.layers, pattern.sizes);
    const ink = inkOf(master);
    await upload(opts, `${pattern.store_id}/${pattern.id}/master/v1.pdf`, bytes);
    // the demo's own files of these patterns make way for the generated ones
    await opts.pool.query('delete from public.pattern_files where pattern_id = $1', [pattern.id]);
    await opts.pool.query('select public.record_pattern_master($1, 1, $2, $3, $4::jsonb, $5::jsonb)', [
      pattern.id,
      bytes.byteLength,
      sha256(bytes),
      json(master.sheets.map((s) => ({ width_pt: s.widthPt, height_pt: s.heightPt }))),
      json(matches),
    ]);
    for (const format of GENERATED_FORMATS) {
      const files = await generateFormat(master, format === 'a4' || format === 'us_letter' ? ink : null, format, pattern.title, matches);
      const base = `${pattern.store_id}/${pattern.id}/${format}/v1`;
      const variants: Record<string, { pages: number }> = {};
      let main: Record<string, unknown> = {};
      for (const file of files) {
        await upload(opts, file.variant ? `${base}-${file.variant}.pdf` : `${base}.pdf`, file.bytes);
        if (file.variant) variants[file.variant] = { pages: file.pages };
        else main = { path: `${base}.pdf`, size_bytes: file.bytes.byteLength, sha256: sha256(file.bytes), pages: file.pages, tiles: file.manifest, version: 1 };
      }
      await opts.pool.query('select public.record_generated_format($1, 1, $2, $3::jsonb)', [pattern.id, format, json({ ...main, variants })]);
    }
    await opts.pool.query(`select public.apply_generated_formats($1, 1, 'Made from the master.', null)`, [pattern.id]);
  }
  return patterns.length;
}
