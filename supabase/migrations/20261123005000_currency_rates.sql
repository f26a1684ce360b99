-- One currency for a buyer (issue 17). Prices stay in the store's currency (what checkout
-- charges); a buyer sees them converted to the currency they chose, with these stored reference
-- rates, marked approximate. The search's price filter and price sorts use the converted amount.
--
-- Conversion is defined once (shared/src/currency.ts and public.convert_price agree, tested):
--   rate_micros(c)  = per_eur(c) × 1,000,000           (an integer: per_eur has 6 decimals)
--   convert(a, f→t) = round_half_up(a × rate_micros(t) / rate_micros(f))   (minor units)

create table public.currency_rates (
  currency text primary key constraint currency_rates_supported check (currency in ('EUR', 'GBP', 'USD')),
  -- units of `currency` one euro buys
  per_eur numeric(12, 6) not null constraint currency_rates_positive check (per_eur > 0),
  as_of date not null,
  source text not null,
  constraint currency_rates_euro_is_one check (currency <> 'EUR' or per_eur = 1)
);
alter table public.currency_rates enable row level security;
create policy currency_rates_read on public.currency_rates for select to anon, authenticated using (true);
-- reference data: written by migrations or the service role only
revoke insert, update, delete on public.currency_rates from anon, authenticated;
grant select on public.currency_rates to anon, authenticated;

insert into public.currency_rates (currency, per_eur, as_of, source) values
  ('EUR', 1, date '2026-11-20', 'ECB euro reference rates, 20 November 2026 (seeded)'),
  ('USD', 1.1584, date '2026-11-20', 'ECB euro reference rates, 20 November 2026 (seeded)'),
  ('GBP', 0.8791, date '2026-11-20', 'ECB euro reference rates, 20 November 2026 (seeded)')
on conflict (currency) do nothing;

create or replace function public.currency_rate_micros(p_currency text) returns bigint
language sql stable security definer set search_path = '' as $$
  select (r.per_eur * 1000000)::bigint from public.currency_rates r where r.currency = p_currency
$$;

-- An amount in `from_currency` minor units in `to_currency` minor units (null for an unknown
-- currency). The same rule as convertMinor() in shared/src/currency.ts.
create or replace function public.convert_price(amount_cents integer, from_currency text, to_currency text) returns integer
language sql stable security definer set search_path = '' as $$
  select case when convert_price.from_currency = convert_price.to_currency then convert_price.amount_cents
              else round(convert_price.amount_cents::numeric * t.m / f.m)::integer end
    from (select public.currency_rate_micros(convert_price.from_currency) as m) f,
         (select public.currency_rate_micros(convert_price.to_currency) as m) t
   where f.m is not null and t.m is not null
$$;
grant execute on function public.convert_price(integer, text, text) to anon, authenticated;

-- The search copy carries the price as a euro amount (unrounded) so a filter or sort in any
-- currency is one index range; the currency's rate is kept for the exact (rounded) check.
alter table catalog_search.documents add column if not exists currency text;
alter table catalog_search.documents add column if not exists rate_micros bigint;
alter table catalog_search.documents add column if not exists price_eur numeric;
update catalog_search.documents d
   set currency = p.currency, rate_micros = public.currency_rate_micros(p.currency),
       price_eur = p.price_cents::numeric * 1000000 / public.currency_rate_micros(p.currency)
  from public.patterns p where p.id = d.pattern_id;
alter table catalog_search.documents alter column currency set not null;
alter table catalog_search.documents alter column rate_micros set not null;
alter table catalog_search.documents alter column price_eur set not null;
create index if not exists documents_price_eur_order_idx on catalog_search.documents (price_eur, published_at desc, pattern_id);

-- Fills the euro price whoever writes the row (the sync trigger below, a rate change).
create or replace function catalog_search.price_in_euros() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.rate_micros := public.currency_rate_micros(new.currency);
  if new.rate_micros is null then
    raise exception 'No reference rate for currency %', new.currency using errcode = '22023';
  end if;
  new.price_eur := new.price_cents::numeric * 1000000 / new.rate_micros;
  return new;
end $$;
drop trigger if exists documents_price_in_euros on catalog_search.documents;
create trigger documents_price_in_euros before insert or update of currency, price_cents, rate_micros on catalog_search.documents
  for each row execute function catalog_search.price_in_euros();

-- As 20261122007000_search_fast.sql, with the pattern's currency.
create or replace function catalog_search.sync_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'published' then
    delete from catalog_search.documents d where d.pattern_id = new.id;
    return null;
  end if;
  insert into catalog_search.documents as d (pattern_id, store_id, craft, category, difficulty, price_cents, currency, formats, languages,
      bust_min_cm, bust_max_cm, waist_min_cm, waist_max_cm, hip_min_cm, hip_max_cm, published_at, sales_count, search_vector,
      title_vector, head_vector)
  values (new.id, new.store_id, new.craft, new.category, new.difficulty, new.price_cents, new.currency, new.formats, new.languages,
      new.bust_min_cm, new.bust_max_cm, new.waist_min_cm, new.waist_max_cm, new.hip_min_cm, new.hip_max_cm,
      new.published_at, new.sales_count, new.search_vector,
      catalog_search.title_vector(new.title), catalog_search.head_vector(new.title, new.tags, new.craft, new.category))
  on conflict (pattern_id) do update set store_id = excluded.store_id, craft = excluded.craft, category = excluded.category,
      difficulty = excluded.difficulty, price_cents = excluded.price_cents, currency = excluded.currency, formats = excluded.formats,
      languages = excluded.languages,
      bust_min_cm = excluded.bust_min_cm, bust_max_cm = excluded.bust_max_cm, waist_min_cm = excluded.waist_min_cm,
      waist_max_cm = excluded.waist_max_cm, hip_min_cm = excluded.hip_min_cm, hip_max_cm = excluded.hip_max_cm,
      published_at = excluded.published_at, sales_count = excluded.sales_count, search_vector = excluded.search_vector,
      title_vector = excluded.title_vector, head_vector = excluded.head_vector;
  return null;
end $$;

-- A new reference rate re-prices that currency's search rows (rare; one statement).
create or replace function catalog_search.reprice_currency() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update catalog_search.documents d set rate_micros = public.currency_rate_micros(new.currency)
   where d.currency = new.currency;
  return null;
end $$;
create trigger currency_rates_reprice after insert or update of per_eur on public.currency_rates
  for each row execute function catalog_search.reprice_currency();

-- search_patterns' filter: $7/$8 are the price bounds as euro amounts (a little wide), $17/$18
-- the bounds in the buyer's currency and $19 its rate: the euro range narrows by index, the
-- rounded conversion decides exactly.
create or replace function catalog_search.filter_sql() returns text
language sql immutable set search_path = '' as $f$
  select $s$
      ($1::text is null or d.craft = $1)
      and ($2::text is null or d.category = $2)
      and ($3::int is null or d.difficulty >= $3)
      and ($4::int is null or d.difficulty <= $4)
      and ($5::text is null or d.formats @> array[$5::text])
      and ($6::text is null or d.languages @> array[$6::text])
      and ($7::numeric is null or (d.price_eur >= $7 and round(d.price_cents::numeric * $19::bigint / d.rate_micros) >= $17::int))
      and ($8::numeric is null or (d.price_eur <= $8 and round(d.price_cents::numeric * $19::bigint / d.rate_micros) <= $18::int))
      and (not $9::boolean or d.price_cents = 0)
      and ($10::numeric is null or (d.bust_min_cm - 2 <= $10 and d.bust_max_cm + 2 >= $10))
      and ($11::numeric is null or (d.waist_min_cm - 2 <= $11 and d.waist_max_cm + 2 >= $11))
      and ($12::numeric is null or (d.hip_min_cm - 2 <= $12 and d.hip_max_cm + 2 >= $12))
      and ($13::uuid is null or d.store_id = $13)$s$
$f$;

-- Reviews' average and count travel with every search row (kept by trigger, see
-- 20261123005100_reviews_follows.sql; added here because this file redefines the search).
create table if not exists public.pattern_ratings (
  pattern_id uuid primary key references public.patterns (id) on delete cascade,
  review_count integer not null default 0 constraint pattern_ratings_count_nonnegative check (review_count >= 0),
  rating_sum integer not null default 0 constraint pattern_ratings_sum_nonnegative check (rating_sum >= 0),
  rating_avg numeric(3, 2) generated always as (case when review_count > 0 then round(rating_sum::numeric / review_count, 2) end) stored
);
alter table public.pattern_ratings enable row level security;
create policy pattern_ratings_read on public.pattern_ratings for select to anon, authenticated using (true);
revoke insert, update, delete on public.pattern_ratings from anon, authenticated;

alter type public.pattern_hit add attribute rating_avg numeric;
alter type public.pattern_hit add attribute review_count integer;

drop function if exists public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer);

-- As 20261122009000_search_walk.sql, plus `currency`: the buyer's currency, in which
-- price_min_cents/price_max_cents are given (EUR when absent); price sorts order by the
-- converted amount (the euro amount: the same order in every currency). Rows also carry the
-- reviews' average and count.
create or replace function public.search_patterns(
  q text default null,
  craft text default null,
  category text default null,
  difficulty_min integer default null,
  difficulty_max integer default null,
  format text default null,
  language text default null,
  price_min_cents integer default null,
  price_max_cents integer default null,
  free_only boolean default false,
  bust numeric default null,
  waist numeric default null,
  hip numeric default null,
  store_id uuid default null,
  sort text default 'relevance',
  "limit" integer default 24,
  "offset" integer default 0,
  currency text default null
) returns setof public.pattern_hit
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
set synchronize_seqscans = off
as $$
declare
  v_q text := nullif(btrim(search_patterns.q), '');
  v_tsq tsquery;
  v_fallback tsquery;
  v_matched_by text;
  v_limit integer := least(greatest(coalesce(search_patterns."limit", 24), 1), 100);
  v_offset integer := greatest(coalesce(search_patterns."offset", 0), 0);
  v_sort text := coalesce(search_patterns.sort, 'relevance');
  v_free boolean := coalesce(search_patterns.free_only, false);
  v_cap constant integer := catalog_search.exact_total_cap();
  v_walk_window constant integer := 3000;
  v_filter text := catalog_search.filter_sql();
  v_match text := 'true';
  v_tier_expr text := 'null::integer';
  v_order text;
  v_sample_order text;
  v_sample_sql text;
  v_ids uuid[];
  v_more uuid[];
  v_tiers text[];
  v_tier_counts bigint[];
  v_total bigint;
  v_title_count bigint;
  v_head_count bigint;
  v_first_block bigint;
  v_last_block bigint;
  v_pages bigint;
  v_need integer;
  v_bitmap text;
  v_sort_setting text;
  v_filtered real;
  v_tier_rows numeric;
  v_rate bigint;
  v_min_eur numeric;
  v_max_eur numeric;
begin
  if v_sort not in ('relevance', 'newest', 'price_asc', 'price_desc', 'best_selling') then
    raise exception 'Unknown sort "%"', v_sort using errcode = '22023',
      hint = 'Use relevance, newest, price_asc, price_desc or best_selling.';
  end if;
  v_rate := public.currency_rate_micros(coalesce(search_patterns.currency, 'EUR'));
  if v_rate is null then
    raise exception 'Unknown currency "%"', search_patterns.currency using errcode = '22023',
      hint = 'Use EUR, GBP or USD.';
  end if;
  -- a converted price rounds to the bound from half a unit away: widen by that and a hair
  v_min_eur := (search_patterns.price_min_cents - 0.5) * 1000000 / v_rate - 0.000001;
  v_max_eur := (search_patterns.price_max_cents + 0.5) * 1000000 / v_rate + 0.000001;
  if v_q is not null then
    if char_length(v_q) > 200 then
      raise exception 'Search text is too long (200 characters at most)' using errcode = '22023';
    end if;
    v_tsq := websearch_to_tsquery('english', v_q);
    v_match := 'd.search_vector @@ $16';
    v_tier_expr := 'case when d.title_vector @@ $16 then 1 when d.head_vector @@ $16 then 2 else 3 end';
    v_matched_by := 'text';
  end if;
  v_order := case v_sort
    when 'price_asc' then 'price_eur asc, published_at desc, pattern_id'
    when 'price_desc' then 'price_eur desc, published_at desc, pattern_id'
    when 'best_selling' then 'sales_count desc, published_at desc, pattern_id'
    else 'published_at desc, pattern_id'
  end;
  v_sample_order := case when v_tsq is not null and v_sort = 'relevance' then 'tier, ' || v_order else v_order end;

  v_sample_sql := format($s$
    select count(*), min((m.ctid::text::point)[0])::bigint, max((m.ctid::text::point)[0])::bigint,
           count(*) filter (where m.tier = 1), count(*) filter (where m.tier = 2),
           coalesce((array_agg(m.pattern_id order by %s))[$15 + 1 : $15 + $14], '{}')
      from (select d.ctid, d.pattern_id, d.published_at, d.price_eur, d.sales_count, %s as tier
              from catalog_search.documents d where %s and %s limit %s) m$s$,
    v_sample_order, v_tier_expr, v_filter, v_match, v_cap + 1);
  execute v_sample_sql into v_total, v_first_block, v_last_block, v_title_count, v_head_count, v_ids
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, v_min_eur, v_max_eur,
          v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
          v_limit, v_offset, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate;

  if v_total = 0 and v_q is not null then
    foreach v_fallback in array array[catalog_search.corrected_query(v_q), catalog_search.any_word_query(v_q)] loop
      continue when v_fallback is null or v_fallback::text = v_tsq::text;
      v_tsq := v_fallback;
      v_matched_by := 'similar';
      execute v_sample_sql into v_total, v_first_block, v_last_block, v_title_count, v_head_count, v_ids
        using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
              search_patterns.format, search_patterns.language, v_min_eur, v_max_eur,
              v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
              v_limit, v_offset, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate;
      exit when v_total > 0;
    end loop;
  end if;
  if v_total = 0 or (v_offset >= v_total and v_total <= v_cap) then
    return;
  end if;

  if v_total > v_cap then
    v_pages := pg_catalog.pg_relation_size('catalog_search.documents') / pg_catalog.current_setting('block_size')::bigint;
    v_total := greatest(v_cap + 1, round((v_cap + 1)::numeric * greatest(v_pages - v_first_block, 1)
                                         / greatest(v_last_block - v_first_block + 1, 1))::bigint);
    if num_nonnulls(search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                    search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
                    nullif(v_free, false), search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id) = 0 then
      select greatest(c.reltuples, 1) into v_filtered from pg_catalog.pg_class c where c.oid = 'catalog_search.documents'::regclass;
    else
      v_filtered := greatest(catalog_search.estimate(v_filter, array[quote_nullable(search_patterns.craft),
        quote_nullable(search_patterns.category), quote_nullable(search_patterns.difficulty_min), quote_nullable(search_patterns.difficulty_max),
        quote_nullable(search_patterns.format), quote_nullable(search_patterns.language), quote_nullable(v_min_eur),
        quote_nullable(v_max_eur), quote_nullable(v_free), quote_nullable(search_patterns.bust),
        quote_nullable(search_patterns.waist), quote_nullable(search_patterns.hip), quote_nullable(search_patterns.store_id),
        'null', 'null', 'null', quote_nullable(search_patterns.price_min_cents), quote_nullable(search_patterns.price_max_cents),
        quote_nullable(v_rate)]), 1);
    end if;
    if v_tsq is null then
      v_total := greatest(v_total, v_filtered::bigint);
    end if;

    if v_tsq is not null and v_sort = 'relevance' then
      if position('!' in v_tsq::text) = 0 then
        v_match := 'true';
      end if;
      v_tiers := array['d.title_vector @@ $16', 'd.head_vector @@ $16 and not d.title_vector @@ $16',
                       'd.search_vector @@ $16 and not d.head_vector @@ $16'];
      v_tier_counts := array[v_title_count, v_head_count, v_cap + 1 - v_title_count - v_head_count];
    else
      v_tiers := array['true'];
      v_tier_counts := array[v_cap + 1];
    end if;
    v_ids := '{}';
    for i in 1 .. cardinality(v_tiers) loop
      v_need := v_offset + v_limit - cardinality(v_ids);
      exit when v_need <= 0;
      v_more := null;
      v_tier_rows := v_tier_counts[i]::numeric / (v_cap + 1) * v_total;
      if v_tier_rows > 0 and v_need * v_filtered / v_tier_rows <= least(v_tier_rows, v_walk_window) then
        v_bitmap := pg_catalog.current_setting('enable_bitmapscan');
        v_sort_setting := pg_catalog.current_setting('enable_sort');
        perform pg_catalog.set_config('enable_bitmapscan', 'off', true);
        perform pg_catalog.set_config('enable_sort', 'off', true);
        execute format($s$select coalesce(array_agg(w.pattern_id order by %s), '{}') from (
                            select x.* from (select d.pattern_id, d.published_at, d.price_eur, d.sales_count, (%s and %s) as hit
                                               from catalog_search.documents d where %s order by %s limit %s) x
                             where x.hit limit $14) w$s$,
                       v_order, v_match, v_tiers[i], v_filter, v_order, v_walk_window)
          into v_more
          using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                search_patterns.format, search_patterns.language, v_min_eur, v_max_eur,
                v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
                v_need, null::integer, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate;
        perform pg_catalog.set_config('enable_bitmapscan', v_bitmap, true);
        perform pg_catalog.set_config('enable_sort', v_sort_setting, true);
        if cardinality(v_more) < v_need then
          v_more := null;
        end if;
      end if;
      if v_more is null then
        execute format($s$select coalesce(array_agg(x.pattern_id order by %s), '{}') from (
                            select d.pattern_id, d.published_at, d.price_eur, d.sales_count from catalog_search.documents d
                             where %s and %s and %s order by %s limit $14) x$s$, v_order, v_filter, v_match, v_tiers[i], v_order)
          into v_more
          using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                search_patterns.format, search_patterns.language, v_min_eur, v_max_eur,
                v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
                v_need, null::integer, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate;
      end if;
      v_ids := v_ids || v_more;
    end loop;
    v_ids := v_ids[v_offset + 1 : v_offset + v_limit];
  end if;

  return query
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         case when v_tsq is null then null
              when d.title_vector @@ v_tsq then 1.0
              when d.head_vector @@ v_tsq then 0.4
              else 0.2 end::real,
         v_matched_by, v_total, r.rating_avg::numeric, coalesce(r.review_count, 0)
    from unnest(v_ids) with ordinality as page(id, n)
    join catalog_search.documents d on d.pattern_id = page.id
    join public.patterns p on p.id = page.id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = page.id
   order by page.n;
end $$;
grant execute on function public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text) to anon, authenticated;

revoke all on all functions in schema catalog_search from public, anon, authenticated;
analyze catalog_search.documents;
