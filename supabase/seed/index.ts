// Demo data for a fresh database: stores, 300 patterns, demo accounts with purchases,
// wholesale and partner applications, point-of-sale sales, and files in storage.
// Deterministic apart from the anchor, the first start (seeded PRNG, dates relative to it, stable ids) and idempotent (on conflict do
// nothing, upserted files), so running it twice changes nothing.
import { generatePatterns } from './catalog.ts';
import { loadAssetSource } from './demo-assets.ts';
import type { SeedOptions } from './db.ts';
import { insertCraftFacets } from './craft-facets.ts';
import { insertFiles } from './files.ts';
import { insertMasters } from './masters.ts';
import { insertKits } from './kits.ts';
import { insertPatterns } from './patterns.ts';
import { allUsers, designerStores, retailStores, shoppers } from './people.ts';
import { insertPointOfSale } from './point-of-sale.ts';
import { insertProgrammes } from './programmes.ts';
import { insertPurchases } from './purchases.ts';
import { insertPatternViews } from './reports.ts';
import { insertResellers } from './resellers.ts';
import { insertSocial } from './social.ts';
import { insertStores } from './stores.ts';
import { insertUsers } from './users.ts';
import { setDemoAnchor } from './prng.ts';

export type { Queryable, SeedOptions } from './db.ts';
export { DEMO_POS_KEY } from './programmes.ts';

export async function seed(opts: SeedOptions): Promise<void> {
  const started = Date.now();
  const step = (what: string) => opts.log(`seed: ${what} (${Date.now() - started} ms)`);
  // the demo history ends now (to the minute): the shop has traded up to the day of the first start
  setDemoAnchor(opts.anchor ?? Math.floor(started / 60_000) * 60_000);
  await insertUsers(opts.pool);
  step(`${allUsers.length} demo accounts and ${shoppers.length} shoppers`);
  const stores = await insertStores(opts.pool);
  step(`${designerStores.length} designer stores, ${retailStores.length} retail shops, 1 supplier`);
  const patterns = generatePatterns(designerStores);
  await insertPatterns(opts.pool, patterns);
  step(`${patterns.length} patterns`);
  step(`${await insertCraftFacets(opts.pool)} knitting and crochet patterns with yarn weight, gauge, yarn and needle size`);
  const orders = await insertPurchases(opts.pool, patterns, stores);
  await insertProgrammes(opts.pool, patterns, stores);
  step(`${orders} orders of the last year, entitlements, downloads, wholesale and partner applications, plans, newsletter, point of sale`);
  step(`${await insertKits(opts.pool)} supplier kits with clicks`);
  step(`${await insertPointOfSale(opts.pool)} in-shop sales with royalties owed`);
  step(`${await insertResellers(opts.pool)} orders attributed to the demo reseller (code PARCEL2026)`);
  step(`${await insertPatternViews(opts.pool)} days of pattern views for the reports`);
  const social = await insertSocial(opts.pool);
  step(`${social.reviews} reviews, ${social.favourites} favourites, ${social.follows} follows`);

  const assets = await loadAssetSource();
  if (!assets) {
    opts.log('seed: supabase/seed/assets is not available; patterns were seeded without covers and files');
  } else {
    try {
      const count = await insertFiles(opts, assets, patterns, stores);
      step(`${patterns.length} covers and ${count} pattern files uploaded`);
      step(`${await insertMasters(opts)} patterns with a master (one layer per size) and every format made from it`);
    } catch (err) {
      // demo data without files is still useful; say loudly what is missing
      opts.log(`seed: ERROR uploading covers and pattern files, demo patterns have no files: ${(err as Error).message}`);
    }
  }
  step('demo data ready');
}
