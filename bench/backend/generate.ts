// Bulk catalog for the benchmark: N patterns over 200 stores, generated inside the
// database with generate_series (no round trip per row). The patterns go through the same
// triggers as real ones, so search vectors, fit columns and search terms are real.
import type pg from 'pg';

const STORES = 200;

const garments: [string, string, string, string][] = [
  // title, craft, category, sizing (w = women's chart, k = kids, - = none)
  ['Wrap Dress', 'sewing', 'dress', 'w'],
  ['Shirt Dress', 'sewing', 'dress', 'w'],
  ['Tiered Maxi Dress', 'sewing', 'dress', 'w'],
  ['Boxy Blouse', 'sewing', 'top', 'w'],
  ['Raglan Tee', 'sewing', 'top', 'w'],
  ['Wide-Leg Trousers', 'sewing', 'trousers', 'w'],
  ['Pleated Culottes', 'sewing', 'trousers', 'w'],
  ['A-Line Skirt', 'sewing', 'skirt', 'w'],
  ['Chore Jacket', 'sewing', 'jacket', 'w'],
  ['Cocoon Coat', 'sewing', 'coat', 'w'],
  ['Camp Collar Shirt', 'sewing', 'shirt', 'w'],
  ['Kids Dungarees', 'sewing', 'kids', 'k'],
  ['Market Tote', 'bags', 'bag', '-'],
  ['Crossbody Bag', 'bags', 'bag', '-'],
  ['Bunny Softie', 'toys', 'toy', '-'],
  ['Log Cabin Quilt', 'quilting', 'quilt', '-'],
  ['Flying Geese Quilt', 'quilting', 'quilt', '-'],
  ['Table Runner', 'quilting', 'home', '-'],
  ['Cabled Sweater', 'knitting', 'sweater', 'w'],
  ['Ribbed Beanie', 'knitting', 'hat', '-'],
  ['Lace Shawl', 'knitting', 'shawl', '-'],
  ['Granny Square Cardigan', 'crochet', 'cardigan', 'w'],
  ['Amigurumi Whale', 'crochet', 'toy', '-'],
  ['Wildflower Hoop', 'embroidery', 'hoop-art', '-'],
];
const names = [
  'Marlowe',
  'Juniper',
  'Ottilie',
  'Hazel',
  'Wren',
  'Calder',
  'Isla',
  'Fenwick',
  'Rowan',
  'Beatrix',
  'Sorrel',
  'Linden',
  'Aster',
  'Clementine',
  'Della',
  'Esme',
  'Flora',
  'Greta',
  'Harlow',
  'Ingrid',
  'Josie',
  'Kestrel',
  'Lark',
  'Mabel',
  'Nell',
  'Odette',
  'Pippa',
  'Quinn',
  'Rosalind',
  'Saffron',
  'Tamsin',
  'Vera',
  'Winnie',
  'Yarrow',
  'Zinnia',
  'Alder',
  'Bramble',
  'Cedar',
  'Dune',
  'Ember',
  'Fjord',
  'Gull',
  'Heath',
  'Iris',
  'Kelp',
  'Loch',
  'Moss',
  'Nova',
];
const adjectives = ['Linen', 'Everyday', 'Weekend', 'Coastal', 'Meadow', 'Harbour', 'Studio', 'Garden', 'Heritage', 'Autumn', 'Summer', 'Cosy'];
const fabrics = ['linen', 'cotton lawn', 'viscose', 'wool flannel', 'chambray', 'denim', 'French terry', 'waxed canvas', 'silk', 'Tencel twill'];
const tagPool = [
  'beginner-friendly',
  'pockets',
  'summer',
  'winter',
  'oversized',
  'fitted',
  'quick-sew',
  'capsule-wardrobe',
  'gift',
  'scrap-buster',
  'layering',
  'vintage',
  'modern',
  'sustainable',
  'video-tutorial',
  'plus-size',
  'kids',
  'heirloom',
  'colourwork',
  'zero-waste',
];

const arr = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

export async function generateCatalog(pool: pg.Pool, total: number, log: (msg: string) => void): Promise<void> {
  await pool.query(`
    insert into auth.users (id, email, aud, role, raw_user_meta_data)
    select ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid, 'bench-designer-' || g || '@bench.test', 'authenticated', 'authenticated',
           '{"intent": "designer"}'::jsonb
      from generate_series(1, ${STORES}) g
    on conflict do nothing`);
  await pool.query(`
    insert into public.stores (id, owner_id, slug, kind, name, currency, country)
    select ('00000000-0000-4000-c000-' || lpad(g::text, 12, '0'))::uuid, ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid,
           'bench-studio-' || g, 'designer', 'Bench Studio ' || g, (array['USD', 'EUR', 'GBP'])[1 + g % 3], (array['US', 'DE', 'GB'])[1 + g % 3]
      from generate_series(1, ${STORES}) g
    on conflict do nothing`);
  const batch = 10_000;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await pool.query(`
      with gm as (select ${arr(garments.map((g) => g[0]))} as title, ${arr(garments.map((g) => g[1]))} as craft,
                         ${arr(garments.map((g) => g[2]))} as category, ${arr(garments.map((g) => g[3]))} as sizing),
           src as (select i, 1 + (i * 13) % ${garments.length} as k, 1 + i % ${STORES} as s, (i * 7) % 5 as lo, 4 + (i * 11) % 4 as hi from generate_series(${start}, ${end}) i)
      insert into public.patterns (store_id, title, description, craft, category, difficulty, size_range, size_chart, yardage, formats,
                                   languages, tags, licence, price_cents, currency, status, published_at, created_at)
      select ('00000000-0000-4000-c000-' || lpad(src.s::text, 12, '0'))::uuid,
             (${arr(names)})[1 + (src.i * 7) % ${names.length}] || case when src.i % 5 = 0 then ' ' || (${arr(adjectives)})[1 + src.i % ${adjectives.length}] else '' end || ' ' || gm.title[src.k],
             'A ' || lower((${arr(adjectives)})[1 + (src.i * 3) % ${adjectives.length}]) || ' ' || lower(gm.title[src.k]) || ' with clear illustrated steps. '
               || 'Suggested fabrics: ' || (${arr(fabrics)})[1 + src.i % ${fabrics.length}] || ' or ' || (${arr(fabrics)})[1 + (src.i * 5) % ${fabrics.length}] || '.',
             gm.craft[src.k], gm.category[src.k], 1 + (src.i * 17) % 5,
             case gm.sizing[src.k] when '-' then 'One size' else (array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'])[1 + src.lo] || '–' || (array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'])[1 + src.hi] end,
             case gm.sizing[src.k] when '-' then '{"sizes": []}'::jsonb
               else jsonb_build_object('sizes', (select jsonb_agg(jsonb_build_object('label', (array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'])[1 + j],
                       'bust', 80 + 7 * j, 'waist', 62 + 7 * j, 'hip', 86 + 7 * j) order by j) from generate_series(src.lo, src.hi) j)) end,
             jsonb_build_array(jsonb_build_object('fabric', 'Main fabric', 'width_cm', 110, 'metres_by_size', jsonb_build_object('M', 2.2)),
                               jsonb_build_object('fabric', 'Main fabric', 'width_cm', 150, 'metres_by_size', jsonb_build_object('M', 1.7))),
             case when src.i % 3 = 0 then array['a4', 'us_letter', 'a0', 'projector'] when src.i % 3 = 1 then array['a4', 'us_letter', 'a0'] else array['a4', 'us_letter'] end,
             case when src.i % 7 = 0 then array['en', 'de'] when src.i % 11 = 0 then array['en', 'fr'] else array['en'] end,
             array[(${arr(tagPool)})[1 + src.i % ${tagPool.length}], (${arr(tagPool)})[1 + (src.i * 7) % ${tagPool.length}], lower((${arr(fabrics)})[1 + src.i % ${fabrics.length}])],
             (case when src.i % 5 = 0 then 'small_business' else 'personal' end)::public.pattern_licence,
             case when src.i % 9 = 0 then 0 else 600 + ((src.i * 37) % 15) * 100 end,
             (array['USD', 'EUR', 'GBP'])[1 + src.s % 3],
             (case when src.i % 20 = 0 then 'draft' when src.i % 33 = 0 then 'archived' else 'published' end)::public.pattern_status,
             now() - ((src.i % 700) || ' days')::interval - ((src.i % 24) || ' hours')::interval,
             now() - ((src.i % 700) + 5 || ' days')::interval
        from src cross join gm`);
    log(`  generated ${end.toLocaleString('en')} patterns`);
  }
  // best-seller counts as if sales had happened (platform column, so written as superuser
  // with triggers off: the sales themselves are not the point of this benchmark)
  await pool.query(`begin; set local session_replication_role = replica;
    update public.patterns set sales_count = (abs(hashtext(id::text)) % 400) where store_id::text like '00000000-0000-4000-c000-%';
    commit;`);
  // as autovacuum would after a bulk load (on PGlite the backend's maintenance pass would,
  // a minute in, in the middle of a measurement)
  await pool.query('vacuum analyze');
}
