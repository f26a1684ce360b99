// Demo reviews, favourites and follows: the demo makers review most patterns they
// own (stars weighted towards the good, written as makers write), the designers reply to some,
// each maker keeps a few favourites and follows two or three designers, so the pattern pages,
// catalog cards, library and the home page's "New from designers you follow" have something to
// show. Written as the service (triggers keep each pattern's average). Idempotent.
import type { Queryable } from './db.ts';
import { makers } from './people.ts';
import { daysBefore, prng, stableUuid } from './prng.ts';

const OPENINGS = [
  'Made this in a washed linen and it came out exactly like the photos.',
  'Second time making it: the instructions are clear enough that I skipped half of them.',
  'The size chart was spot on: I made my usual size without a toile.',
  'A lovely quick make for a weekend.',
  'Pattern pieces fitted together perfectly and the notches all matched.',
  'Took me longer than I hoped, but the result is worth it.',
];
const DETAILS = [
  'I lengthened the hem by 3 cm, which the layout diagram made easy.',
  'The yardage was generous; I had enough left for a matching bag.',
  'The A0 file saved me an afternoon of taping pages.',
  'The sleeve instructions could use one more diagram.',
  'I graded between two sizes at the waist and it worked well.',
  'Pressing as you go makes all the difference with this one.',
];
const REPLIES = [
  'Thank you for the lovely photos and kind words!',
  'Thanks for the note on the sleeves: a diagram is in the next version.',
  'So glad the size chart worked for you. Happy sewing!',
];

export async function insertSocial(pool: Queryable): Promise<{ reviews: number; favourites: number; follows: number }> {
  const random = prng('social');
  const makerIds = makers.map((m) => m.id);
  const owned = (
    await pool.query(
      `select e.id as entitlement_id, e.user_id, e.pattern_id, e.granted_at from public.entitlements e
       join public.patterns p on p.id = e.pattern_id and p.status = 'published'
      where e.revoked_at is null and e.user_id = any($1::uuid[]) order by e.user_id, e.pattern_id`,
      [makerIds],
    )
  ).rows as { entitlement_id: string; user_id: string; pattern_id: string; granted_at: string }[];
  const reviews = owned
    .filter(() => random.chance(0.7))
    .map((o, i) => {
      const rating = random.pick([5, 5, 5, 4, 4, 4, 3, 2]);
      const body = `${random.pick(OPENINGS)} ${random.pick(DETAILS)}`;
      return {
        id: stableUuid(`review:${o.entitlement_id}`),
        pattern_id: o.pattern_id,
        entitlement_id: o.entitlement_id,
        author_id: o.user_id,
        rating,
        body,
        created_at: daysBefore(20 - (i % 20), i % 24),
        reply: random.chance(0.3) ? random.pick(REPLIES) : null,
      };
    });
  await pool.query(
    `insert into public.reviews (id, pattern_id, entitlement_id, author_id, rating, body, created_at, updated_at)
     select r.id, r.pattern_id, r.entitlement_id, r.author_id, r.rating, r.body, r.created_at, r.created_at
       from jsonb_to_recordset($1::jsonb) as r(id uuid, pattern_id uuid, entitlement_id uuid, author_id uuid, rating smallint, body text, created_at timestamptz)
     on conflict do nothing`,
    [JSON.stringify(reviews)],
  );
  await pool.query(
    `insert into public.review_replies (review_id, store_id, author_id, body, created_at)
     select r.id, p.store_id, s.owner_id, x.reply, x.created_at + interval '1 day'
       from jsonb_to_recordset($1::jsonb) as x(id uuid, reply text, created_at timestamptz)
       join public.reviews r on r.id = x.id
       join public.patterns p on p.id = r.pattern_id
       join public.stores s on s.id = p.store_id
      where x.reply is not null
     on conflict do nothing`,
    [JSON.stringify(reviews)],
  );

  const published = (
    await pool.query(
      `select p.id, p.store_id from public.patterns p join public.stores s on s.id = p.store_id
      where p.status = 'published' and s.kind = 'designer' order by p.id`,
    )
  ).rows as { id: string; store_id: string }[];
  const stores = [...new Set(published.map((p) => p.store_id))];
  const favourites = makerIds.flatMap((user_id, m) =>
    random.sample(published, 4 + (m % 3)).map((p, i) => ({ user_id, pattern_id: p.id, created_at: daysBefore(10 + i, m) })),
  );
  const follows = makerIds.flatMap((follower_id, m) =>
    random.sample(stores, 2 + (m % 2)).map((store_id, i) => ({ follower_id, store_id, created_at: daysBefore(30 + i, m) })),
  );
  await pool.query(
    `insert into public.favourites (user_id, pattern_id, created_at)
     select f.user_id, f.pattern_id, f.created_at from jsonb_to_recordset($1::jsonb) as f(user_id uuid, pattern_id uuid, created_at timestamptz)
     on conflict do nothing`,
    [JSON.stringify(favourites)],
  );
  await pool.query(
    `insert into public.follows (follower_id, store_id, created_at)
     select f.follower_id, f.store_id, f.created_at from jsonb_to_recordset($1::jsonb) as f(follower_id uuid, store_id uuid, created_at timestamptz)
     on conflict do nothing`,
    [JSON.stringify(follows)],
  );
  return { reviews: reviews.length, favourites: favourites.length, follows: follows.length };
}
