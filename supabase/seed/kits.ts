// Demo kits of the supplier programme: Meadow Mill Fabrics (supplier@partners.test, approved
// in insertProgrammes) lists kits on the most bought demo patterns, with clicks over the last
// four weeks for its "My kits" counts and kit clicks report. Idempotent like the rest.
import type { Queryable } from './db.ts';
import { partners } from './people.ts';
import { daysBefore, prng, stableUuid } from './prng.ts';

const KIT_LINES = [
  {
    title: 'Washed linen and shell buttons',
    description: 'Pre-washed European linen cut to the pattern’s yardage, 6 shell buttons, matching Gütermann thread.',
    price: 4850,
  },
  { title: 'Cotton lawn and notions kit', description: 'Organic cotton lawn in four prints, lightweight interfacing, invisible zip and thread.', price: 3600 },
  { title: 'Brushed cotton twill bundle', description: 'Brushed twill for the main pieces, cotton poplin for the facings, buttons and thread.', price: 5400 },
  { title: 'Toile and practice kit', description: 'Calico for a fitting toile plus tracing paper and a tailor’s chalk wheel.', price: 1850 },
];

export async function insertKits(pool: Queryable): Promise<number> {
  const supplier = partners.find((p) => p.key === 'partner-supplier')!;
  const popular = (
    await pool.query(`select id, title from public.patterns where status = 'published' and craft = 'sewing' order by sales_count desc, id limit $1`, [
      KIT_LINES.length,
    ])
  ).rows as { id: string; title: string }[];
  const kits = popular.map((pattern, i) => {
    const line = KIT_LINES[i]!;
    const id = stableUuid(`kit:${pattern.id}`);
    return {
      id,
      supplier_id: supplier.id,
      pattern_id: pattern.id,
      title: `${line.title} for ${pattern.title}`.slice(0, 120),
      description: line.description,
      price_cents: line.price,
      currency: 'GBP',
      url: `https://meadowmill.example/kits/${id.slice(0, 8)}`,
      created_at: daysBefore(40 - i),
    };
  });
  await pool.query(
    `insert into public.kits (id, supplier_id, pattern_id, title, description, price_cents, currency, url, created_at)
     select id, supplier_id, pattern_id, title, description, price_cents, currency, url, created_at
       from jsonb_populate_recordset(null::public.kits, $1::jsonb)
     on conflict (id) do nothing`,
    [JSON.stringify(kits)],
  );
  // clicks: a few a day for the first kits, fewer for the later ones
  const random = prng('kit-clicks');
  const clicks = kits.flatMap((kit, k) =>
    Array.from({ length: 28 }, (_, day) =>
      Array.from({ length: random.int(0, 4 - k) }, (_, n) => ({
        kit_id: kit.id,
        clicked_at: new Date(Date.parse(daysBefore(day)) - random.int(0, 86_399) * 1000).toISOString(),
        visitor: `seed-${day}-${n}`,
      })),
    ).flat(),
  );
  await pool.query(
    `insert into public.kit_clicks (kit_id, clicked_at, visitor)
     select c.kit_id, c.clicked_at, c.visitor from jsonb_to_recordset($1::jsonb) as c(kit_id uuid, clicked_at timestamptz, visitor text)
      where not exists (select 1 from public.kit_clicks e where e.kit_id = c.kit_id)`,
    [JSON.stringify(clicks)],
  );
  return kits.length;
}
