-- Reviews, favourites and follows (issue 17). Rules live here, in row-level security and
-- constraints, so no client can get around them:
--   * a review belongs to one entitlement (the right to a pattern, from a purchase, a free
--     claim or a grant: owning it is what counts, so free patterns can be reviewed too):
--     one review per entitlement, written by its holder while it is active, never by a guest
--     (anonymous session) and never on a pattern of the reviewer's own store; editable by its
--     author (stars, text, photos only); a refund removes the review with the right;
--   * the store that sells the pattern may reply once (no update or delete: once is once);
--   * pattern_ratings (20261123005000_currency_rates.sql) keeps count and sum by trigger, so
--     cards and search read the average without counting reviews;
--   * favourites and follows are each person's own rows; a follower's store sees only a count.

-- A review's photos lie in its author's folder for that pattern (review-photos bucket).
create or replace function public.review_photos_belong(p_paths text[], p_pattern_id uuid, p_author_id uuid) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(bool_and(x like p_pattern_id::text || '/' || p_author_id::text || '/_%' and x !~ '\.\.'), true) from unnest(p_paths) x
$$;

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  entitlement_id uuid not null constraint reviews_one_per_entitlement unique references public.entitlements (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  rating smallint not null constraint reviews_rating_range check (rating between 1 and 5),
  body text not null constraint reviews_body_length check (char_length(btrim(body)) between 1 and 4000),
  -- photos of the maker's make: review-photos/<pattern_id>/<author_id>/<file>
  photo_paths text[] not null default '{}' constraint reviews_photo_count check (cardinality(photo_paths) <= 4),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reviews_photos_own_folder check (public.review_photos_belong(photo_paths, pattern_id, author_id))
);
create index reviews_pattern_idx on public.reviews (pattern_id, created_at desc);
create index reviews_author_idx on public.reviews (author_id);
create trigger reviews_touch before update on public.reviews
  for each row execute function public.touch_updated_at();

create table public.review_replies (
  -- the primary key is the review: one reply, ever
  review_id uuid primary key references public.reviews (id) on delete cascade,
  store_id uuid not null references public.stores (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null constraint review_replies_body_length check (char_length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null default now()
);

create table public.favourites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, pattern_id)
);
create index favourites_user_idx on public.favourites (user_id, created_at desc);

create table public.follows (
  follower_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  store_id uuid not null references public.stores (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, store_id)
);
create index follows_store_idx on public.follows (store_id);

grant all on public.reviews, public.review_replies, public.favourites, public.follows to service_role;

-- May the caller review this pattern with this entitlement? (definer: entitlements and stores
-- are not all readable by the caller)
create or replace function public.may_review(p_entitlement_id uuid, p_pattern_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous()
     and exists (select 1 from public.entitlements e
                  where e.id = p_entitlement_id and e.pattern_id = p_pattern_id
                    and e.user_id = (select auth.uid()) and e.revoked_at is null)
     and not exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                      where p.id = p_pattern_id and s.owner_id = (select auth.uid()))
$$;

-- The store a review's pattern belongs to, when the caller owns it.
create or replace function public.may_reply(p_review_id uuid, p_store_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.reviews r join public.patterns p on p.id = r.pattern_id
                  where r.id = p_review_id and p.store_id = p_store_id)
     and public.owns_store(p_store_id)
$$;

create or replace function public.pattern_is_published(p_pattern_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.patterns p where p.id = p_pattern_id and p.status = 'published')
$$;

alter table public.reviews enable row level security;
alter table public.review_replies enable row level security;
alter table public.favourites enable row level security;
alter table public.follows enable row level security;

-- reviews: everyone reads reviews of published patterns; authors and the store read theirs
create policy reviews_read on public.reviews for select to anon, authenticated
  using (public.pattern_is_published(pattern_id) or author_id = (select auth.uid())
         or pattern_id in (select public.my_pattern_ids()));
create policy reviews_insert on public.reviews for insert to authenticated
  with check (author_id = (select auth.uid()) and public.may_review(entitlement_id, pattern_id));
create policy reviews_update on public.reviews for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and public.may_review(entitlement_id, pattern_id));
create policy reviews_delete on public.reviews for delete to authenticated
  using (author_id = (select auth.uid()) and not (select public.is_anonymous()));
revoke insert, update on public.reviews from anon, authenticated;
grant select on public.reviews to anon, authenticated;
grant insert (pattern_id, entitlement_id, rating, body, photo_paths) on public.reviews to authenticated;
grant update (rating, body, photo_paths) on public.reviews to authenticated;
grant delete on public.reviews to authenticated;

create policy review_replies_read on public.review_replies for select to anon, authenticated using (true);
create policy review_replies_insert on public.review_replies for insert to authenticated
  with check (author_id = (select auth.uid()) and public.may_reply(review_id, store_id));
revoke insert, update, delete on public.review_replies from anon, authenticated;
grant select on public.review_replies to anon, authenticated;
grant insert (review_id, store_id, body) on public.review_replies to authenticated;

create policy favourites_own_read on public.favourites for select to authenticated
  using (user_id = (select auth.uid()));
create policy favourites_own_insert on public.favourites for insert to authenticated
  with check (user_id = (select auth.uid()) and not (select public.is_anonymous()) and public.pattern_is_published(pattern_id));
create policy favourites_own_delete on public.favourites for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.favourites from anon;
revoke update on public.favourites from authenticated;

create policy follows_own_read on public.follows for select to authenticated
  using (follower_id = (select auth.uid()));
create policy follows_own_insert on public.follows for insert to authenticated
  with check (follower_id = (select auth.uid()) and not (select public.is_anonymous()) and not public.owns_store(store_id));
create policy follows_own_delete on public.follows for delete to authenticated
  using (follower_id = (select auth.uid()));
revoke all on public.follows from anon;
revoke update on public.follows from authenticated;

-- Count and sum per pattern, kept with every change (one row touched per review written).
create or replace function public.keep_pattern_rating() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update public.pattern_ratings set review_count = review_count - 1, rating_sum = rating_sum - old.rating
     where pattern_id = old.pattern_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.pattern_ratings as r (pattern_id, review_count, rating_sum) values (new.pattern_id, 1, new.rating)
    on conflict (pattern_id) do update set review_count = r.review_count + 1, rating_sum = r.rating_sum + excluded.rating_sum;
  end if;
  return null;
end $$;
create trigger reviews_keep_rating after insert or delete or update of rating, pattern_id on public.reviews
  for each row execute function public.keep_pattern_rating();

-- A refunded purchase takes its review with it: reviews come only from people who own the pattern.
create or replace function public.drop_review_of_revoked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.reviews r where r.entitlement_id = new.id;
  return null;
end $$;
create trigger entitlements_drop_review after update of revoked_at on public.entitlements
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function public.drop_review_of_revoked();

-- A pattern's reviews as the page shows them: author's display name (profiles are private
-- otherwise), the store's reply, and whether the caller wrote it. Newest first.
create or replace function public.pattern_reviews(p_pattern_id uuid, p_limit integer default 20, p_offset integer default 0)
returns table (id uuid, rating smallint, body text, photo_paths text[], author_name text, mine boolean,
               created_at timestamptz, updated_at timestamptz, reply_body text, replied_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select r.id, r.rating, r.body, r.photo_paths, coalesce(pr.display_name, 'A maker'), r.author_id = (select auth.uid()),
         r.created_at, r.updated_at, rr.body, rr.created_at
    from public.reviews r
    join public.patterns p on p.id = r.pattern_id
    left join public.profiles pr on pr.id = r.author_id
    left join public.review_replies rr on rr.review_id = r.id
   where r.pattern_id = p_pattern_id
     and (p.status = 'published' or public.owns_store(p.store_id) or r.author_id = (select auth.uid()))
   order by r.created_at desc, r.id
   limit least(greatest(coalesce(p_limit, 20), 1), 100) offset greatest(coalesce(p_offset, 0), 0)
$$;
grant execute on function public.pattern_reviews(uuid, integer, integer) to anon, authenticated;

-- A store's follower count (who follows is private).
create or replace function public.store_follower_count(p_store_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.follows f where f.store_id = p_store_id
$$;
grant execute on function public.store_follower_count(uuid) to anon, authenticated;

-- "New from designers you follow": the newest published patterns of the caller's followed
-- stores, as search rows (security invoker: follows and patterns answer as the caller).
create or replace function public.followed_new_patterns(p_limit integer default 8)
returns setof public.pattern_hit
language sql stable set search_path = '' as $$
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         null::real, null::text, null::bigint, r.rating_avg::numeric, coalesce(r.review_count, 0)
    from public.follows f
    join public.patterns p on p.store_id = f.store_id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = p.id
   where f.follower_id = (select auth.uid())
   order by p.published_at desc, p.id
   limit least(greatest(coalesce(p_limit, 8), 1), 48)
$$;
grant execute on function public.followed_new_patterns(integer) to authenticated;

-- The newsletter digest's "new patterns from designers you follow": per confirmed subscriber
-- whose address is a member's, the patterns their followed stores published in the window.
-- Service role only (it reads addresses).
create or replace function public.newsletter_follow_digest(p_since timestamptz, p_until timestamptz default now())
returns table (email text, unsubscribe_token text, patterns jsonb)
language sql stable security definer set search_path = '' as $$
  select n.email, n.token,
         jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title, 'store_name', s.name, 'store_slug', s.slug,
                                      'price_cents', p.price_cents, 'currency', p.currency, 'published_at', p.published_at)
                   order by p.published_at desc)
    from public.newsletter_subscribers n
    join auth.users u on lower(u.email) = n.email
    join public.follows f on f.follower_id = u.id
    join public.patterns p on p.store_id = f.store_id and p.status = 'published'
                          and p.published_at >= p_since and p.published_at < p_until
    join public.stores s on s.id = p.store_id
   where n.confirmed_at is not null and n.unsubscribed_at is null
   group by n.email, n.token
$$;
revoke execute on function public.newsletter_follow_digest(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.newsletter_follow_digest(timestamptz, timestamptz) to service_role;

-- Photos of makes: public read (shown with the review); a member writes only under
-- <pattern_id>/<their id>/ of a pattern they may review.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('review-photos', 'review-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create or replace function public.may_upload_review_photo(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.path_uuid(p_name, 2) = (select auth.uid())
     and not public.is_anonymous()
     and exists (select 1 from public.entitlements e
                  where e.pattern_id = public.path_uuid(p_name, 1) and e.user_id = (select auth.uid()) and e.revoked_at is null)
$$;

create policy review_photos_read on storage.objects for select to anon, authenticated
  using (bucket_id = 'review-photos');
create policy review_photos_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'review-photos' and public.may_upload_review_photo(name));
create policy review_photos_update on storage.objects for update to authenticated
  using (bucket_id = 'review-photos' and public.path_uuid(name, 2) = (select auth.uid()))
  with check (bucket_id = 'review-photos' and public.may_upload_review_photo(name));
create policy review_photos_delete on storage.objects for delete to authenticated
  using (bucket_id = 'review-photos' and public.path_uuid(name, 2) = (select auth.uid()));
