-- Knitting and crochet facets (issue 33): yarn weight, gauge, yarn amount and needle/hook size,
-- beside the sewing ones (size chart, yardage per fabric width, formats).
--   * yarn_weight: the Craft Yarn Council standard weight, 0 Lace … 7 Jumbo (Ravelry's
--     weights map onto them: lace, fingering, sport, DK, worsted/aran, bulky, super bulky, jumbo);
--   * gauge: stitches (and optionally rows) over 10 cm (4 in) in the pattern's stitch;
--   * yarn: metres for the smallest and the largest size (a range; one size: equal);
--   * needle_mm: the needle or hook size for the gauge, a standard metric size
--     (public.needle_sizes_mm(); shared/src/catalog/yarn.ts lists the same sizes with their US
--     names, tested to agree).
-- Only knitting and crochet patterns carry them. Designers edit them with the pattern (the
-- patterns table's policies are unchanged); a value out of range is refused with words first
-- (patterns_check_craft_facets), the CHECKs back that up.
-- Search: search_patterns filters by them (exact weight and needle, gauge to the whole stitch,
-- "I have N metres": the smallest size needs at most N), search_facet_counts counts the
-- matches per value under the other filters, and search rows carry weight and needle size.

create or replace function public.needle_sizes_mm() returns numeric[]
language sql immutable parallel safe set search_path = '' as $$
  select array[1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4, 4.5, 5, 5.5, 6, 6.5, 7, 8, 9, 10, 12, 15, 19, 25]::numeric[]
$$;
grant execute on function public.needle_sizes_mm() to anon, authenticated;

alter table public.patterns
  add column yarn_weight smallint constraint patterns_yarn_weight_standard check (yarn_weight between 0 and 7),
  add column gauge_stitches_10cm numeric(4, 1) constraint patterns_gauge_stitches_range check (gauge_stitches_10cm between 1 and 60),
  add column gauge_rows_10cm numeric(4, 1) constraint patterns_gauge_rows_range check (gauge_rows_10cm between 1 and 100),
  add column yarn_min_m integer constraint patterns_yarn_min_range check (yarn_min_m between 1 and 100000),
  add column yarn_max_m integer constraint patterns_yarn_max_range check (yarn_max_m between 1 and 100000),
  add column needle_mm numeric(4, 2) constraint patterns_needle_standard check (needle_mm = any (public.needle_sizes_mm())),
  add constraint patterns_yarn_range_both check ((yarn_min_m is null) = (yarn_max_m is null) and yarn_min_m <= yarn_max_m),
  add constraint patterns_gauge_rows_need_stitches check (gauge_rows_10cm is null or gauge_stitches_10cm is not null),
  add constraint patterns_yarn_facets_knit_crochet check (craft in ('knitting', 'crochet')
    or num_nonnulls(yarn_weight, gauge_stitches_10cm, gauge_rows_10cm, yarn_min_m, yarn_max_m, needle_mm) = 0);

-- The same rules as the CHECKs above, in words (a BEFORE trigger runs before the CHECKs).
create or replace function public.check_craft_facets() returns trigger
language plpgsql set search_path = '' as $$
begin
  if num_nonnulls(new.yarn_weight, new.gauge_stitches_10cm, new.gauge_rows_10cm, new.yarn_min_m, new.yarn_max_m, new.needle_mm) = 0 then
    return new;
  end if;
  if new.craft not in ('knitting', 'crochet') then
    raise exception 'Yarn weight, gauge, yarn amount and needle size are for knitting and crochet patterns, not %', new.craft
      using errcode = '23514', hint = 'Clear them, or set the craft to knitting or crochet.';
  end if;
  if new.yarn_weight is not null and new.yarn_weight not between 0 and 7 then
    raise exception 'Unknown yarn weight %', new.yarn_weight
      using errcode = '23514', hint = 'Use a Craft Yarn Council weight from 0 (Lace) to 7 (Jumbo).';
  end if;
  if new.needle_mm is not null and not new.needle_mm = any (public.needle_sizes_mm()) then
    raise exception '% mm is not a standard needle or hook size', trim_scale(new.needle_mm)
      using errcode = '23514', hint = 'Use one of ' || array_to_string(public.needle_sizes_mm(), ', ') || ' (mm).';
  end if;
  if new.gauge_stitches_10cm is not null and new.gauge_stitches_10cm not between 1 and 60 then
    raise exception 'Gauge of % stitches per 10 cm is out of range', trim_scale(new.gauge_stitches_10cm)
      using errcode = '23514', hint = 'Give the stitches over 10 cm (4 in), from 1 to 60.';
  end if;
  if new.gauge_rows_10cm is not null and (new.gauge_rows_10cm not between 1 and 100 or new.gauge_stitches_10cm is null) then
    raise exception 'Gauge rows need the stitches too, from 1 to 100 rows per 10 cm (got %)', trim_scale(new.gauge_rows_10cm)
      using errcode = '23514', hint = 'Give the stitches and the rows over 10 cm (4 in).';
  end if;
  if (new.yarn_min_m is null) <> (new.yarn_max_m is null) or new.yarn_min_m not between 1 and 100000
     or new.yarn_max_m not between 1 and 100000 or new.yarn_min_m > new.yarn_max_m then
    raise exception 'Yarn amount % to % m is not a range', coalesce(new.yarn_min_m::text, '?'), coalesce(new.yarn_max_m::text, '?')
      using errcode = '23514', hint = 'Give the metres for the smallest and the largest size (1 to 100000, smallest first; equal for one size).';
  end if;
  return new;
end $$;
create trigger patterns_check_craft_facets before insert or update on public.patterns
  for each row execute function public.check_craft_facets();

-- The search copy: what the filters and counts read.
alter table catalog_search.documents
  add column if not exists yarn_weight smallint,
  add column if not exists needle_mm numeric(4, 2),
  add column if not exists gauge_stitches numeric(4, 1),
  add column if not exists yarn_min_m integer;
update catalog_search.documents d
   set yarn_weight = p.yarn_weight, needle_mm = p.needle_mm, gauge_stitches = p.gauge_stitches_10cm, yarn_min_m = p.yarn_min_m
  from public.patterns p
 where p.id = d.pattern_id and num_nonnulls(p.yarn_weight, p.needle_mm, p.gauge_stitches_10cm, p.yarn_min_m) > 0;

-- As 20261123005000_currency_rates.sql, with the craft facets.
create or replace function catalog_search.sync_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'published' then
    delete from catalog_search.documents d where d.pattern_id = new.id;
    return null;
  end if;
  insert into catalog_search.documents as d (pattern_id, store_id, craft, category, difficulty, price_cents, currency, formats, languages,
      bust_min_cm, bust_max_cm, waist_min_cm, waist_max_cm, hip_min_cm, hip_max_cm, published_at, sales_count, search_vector,
      title_vector, head_vector, yarn_weight, needle_mm, gauge_stitches, yarn_min_m)
  values (new.id, new.store_id, new.craft, new.category, new.difficulty, new.price_cents, new.currency, new.formats, new.languages,
      new.bust_min_cm, new.bust_max_cm, new.waist_min_cm, new.waist_max_cm, new.hip_min_cm, new.hip_max_cm,
      new.published_at, new.sales_count, new.search_vector,
      catalog_search.title_vector(new.title), catalog_search.head_vector(new.title, new.tags, new.craft, new.category),
      new.yarn_weight, new.needle_mm, new.gauge_stitches_10cm, new.yarn_min_m)
  on conflict (pattern_id) do update set store_id = excluded.store_id, craft = excluded.craft, category = excluded.category,
      difficulty = excluded.difficulty, price_cents = excluded.price_cents, currency = excluded.currency, formats = excluded.formats,
      languages = excluded.languages,
      bust_min_cm = excluded.bust_min_cm, bust_max_cm = excluded.bust_max_cm, waist_min_cm = excluded.waist_min_cm,
      waist_max_cm = excluded.waist_max_cm, hip_min_cm = excluded.hip_min_cm, hip_max_cm = excluded.hip_max_cm,
      published_at = excluded.published_at, sales_count = excluded.sales_count, search_vector = excluded.search_vector,
      title_vector = excluded.title_vector, head_vector = excluded.head_vector,
      yarn_weight = excluded.yarn_weight, needle_mm = excluded.needle_mm, gauge_stitches = excluded.gauge_stitches,
      yarn_min_m = excluded.yarn_min_m;
  return null;
end $$;

-- search_patterns' filter, as 20261123005000_currency_rates.sql plus $20 yarn weight, $21 needle
-- size (mm), $22 gauge (whole stitches per 10 cm) and $23 the metres of yarn the buyer has.
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
      and ($13::uuid is null or d.store_id = $13)
      and ($20::int is null or d.yarn_weight = $20::int)
      and ($21::numeric is null or d.needle_mm = $21::numeric)
      and ($22::int is null or round(d.gauge_stitches) = $22::int)
      and ($23::int is null or d.yarn_min_m <= $23::int)$s$
$f$;

-- A search's craft-facet arguments, refused with words when they cannot match anything valid.
create or replace function catalog_search.check_craft_filters(yarn_weight integer, needle_mm numeric, gauge_stitches integer, yarn_max_m integer)
returns void language plpgsql immutable set search_path = '' as $$
begin
  if check_craft_filters.yarn_weight not between 0 and 7 then
    raise exception 'Unknown yarn weight "%"', check_craft_filters.yarn_weight using errcode = '22023',
      hint = 'Use a Craft Yarn Council weight from 0 (Lace) to 7 (Jumbo).';
  end if;
  if not check_craft_filters.needle_mm = any (public.needle_sizes_mm()) then
    raise exception 'Unknown needle or hook size "% mm"', check_craft_filters.needle_mm using errcode = '22023',
      hint = 'Use one of ' || array_to_string(public.needle_sizes_mm(), ', ') || ' (mm).';
  end if;
  if check_craft_filters.gauge_stitches not between 1 and 60 then
    raise exception 'Gauge "%" is out of range', check_craft_filters.gauge_stitches using errcode = '22023',
      hint = 'Give the stitches over 10 cm (4 in), from 1 to 60.';
  end if;
  if check_craft_filters.yarn_max_m not between 1 and 100000 then
    raise exception 'Yarn amount "% m" is out of range', check_craft_filters.yarn_max_m using errcode = '22023',
      hint = 'Give the metres of yarn you have, from 1 to 100000.';
  end if;
end $$;

alter type public.pattern_hit add attribute yarn_weight smallint;
alter type public.pattern_hit add attribute needle_mm numeric;

-- As 20261123005100_reviews_follows.sql, with the new columns of pattern_hit.
create or replace function public.followed_new_patterns(p_limit integer default 8)
returns setof public.pattern_hit
language sql stable set search_path = '' as $$
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         null::real, null::text, null::bigint, r.rating_avg::numeric, coalesce(r.review_count, 0), p.yarn_weight, p.needle_mm::numeric
    from public.follows f
    join public.patterns p on p.store_id = f.store_id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = p.id
   where f.follower_id = (select auth.uid())
   order by p.published_at desc, p.id
   limit least(greatest(coalesce(p_limit, 8), 1), 48)
$$;

drop function if exists public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text);

-- As 20261123005000_currency_rates.sql, plus the craft facets (yarn_weight, needle_mm,
-- gauge_stitches, yarn_max_m: see filter_sql); rows carry the yarn weight and needle size.
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
  currency text default null,
  yarn_weight integer default null,
  needle_mm numeric default null,
  gauge_stitches integer default null,
  yarn_max_m integer default null
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
  perform catalog_search.check_craft_filters(search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches,
                                             search_patterns.yarn_max_m);
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
          v_limit, v_offset, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate,
          search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches, search_patterns.yarn_max_m;

  if v_total = 0 and v_q is not null then
    foreach v_fallback in array array[catalog_search.corrected_query(v_q), catalog_search.any_word_query(v_q)] loop
      continue when v_fallback is null or v_fallback::text = v_tsq::text;
      v_tsq := v_fallback;
      v_matched_by := 'similar';
      execute v_sample_sql into v_total, v_first_block, v_last_block, v_title_count, v_head_count, v_ids
        using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
              search_patterns.format, search_patterns.language, v_min_eur, v_max_eur,
              v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
              v_limit, v_offset, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate,
          search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches, search_patterns.yarn_max_m;
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
                    nullif(v_free, false), search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
                    search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches, search_patterns.yarn_max_m) = 0 then
      select greatest(c.reltuples, 1) into v_filtered from pg_catalog.pg_class c where c.oid = 'catalog_search.documents'::regclass;
    else
      v_filtered := greatest(catalog_search.estimate(v_filter, array[quote_nullable(search_patterns.craft),
        quote_nullable(search_patterns.category), quote_nullable(search_patterns.difficulty_min), quote_nullable(search_patterns.difficulty_max),
        quote_nullable(search_patterns.format), quote_nullable(search_patterns.language), quote_nullable(v_min_eur),
        quote_nullable(v_max_eur), quote_nullable(v_free), quote_nullable(search_patterns.bust),
        quote_nullable(search_patterns.waist), quote_nullable(search_patterns.hip), quote_nullable(search_patterns.store_id),
        'null', 'null', 'null', quote_nullable(search_patterns.price_min_cents), quote_nullable(search_patterns.price_max_cents),
        quote_nullable(v_rate), quote_nullable(search_patterns.yarn_weight), quote_nullable(search_patterns.needle_mm),
        quote_nullable(search_patterns.gauge_stitches), quote_nullable(search_patterns.yarn_max_m)]), 1);
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
                v_need, null::integer, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate,
          search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches, search_patterns.yarn_max_m;
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
                v_need, null::integer, v_tsq, search_patterns.price_min_cents, search_patterns.price_max_cents, v_rate,
          search_patterns.yarn_weight, search_patterns.needle_mm, search_patterns.gauge_stitches, search_patterns.yarn_max_m;
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
         v_matched_by, v_total, r.rating_avg::numeric, coalesce(r.review_count, 0), p.yarn_weight, p.needle_mm
    from unnest(v_ids) with ordinality as page(id, n)
    join catalog_search.documents d on d.pattern_id = page.id
    join public.patterns p on p.id = page.id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = page.id
   order by page.n;
end $$;
grant execute on function public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text, integer, numeric, integer, integer) to anon, authenticated;

-- How many matches each craft-facet value has under the other filters (a facet's own choice is
-- left out of its counts, so the other values stay visible): yarn_weight and needle_mm per value,
-- gauge per whole stitch, yarn per step of yarn_steps (patterns whose smallest size needs at
-- most that many metres). The same words, fallbacks and filters as search_patterns; published
-- patterns only (catalog_search.documents holds nothing else).
create or replace function public.search_facet_counts(
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
  currency text default null,
  yarn_weight integer default null,
  needle_mm numeric default null,
  gauge_stitches integer default null,
  yarn_max_m integer default null,
  yarn_steps integer[] default null
) returns table (facet text, value numeric, patterns bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_q text := nullif(btrim(search_facet_counts.q), '');
  v_tsq tsquery;
  v_fallback tsquery;
  v_filter text := catalog_search.filter_sql();
  v_match text := 'true';
  v_free boolean := coalesce(search_facet_counts.free_only, false);
  v_rate bigint;
  v_min_eur numeric;
  v_max_eur numeric;
  v_found boolean;
begin
  perform catalog_search.check_craft_filters(search_facet_counts.yarn_weight, search_facet_counts.needle_mm,
                                             search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m);
  if cardinality(search_facet_counts.yarn_steps) > 12 or exists (select 1 from unnest(search_facet_counts.yarn_steps) s where s not between 1 and 100000) then
    raise exception 'yarn_steps takes at most 12 amounts from 1 to 100000 m' using errcode = '22023';
  end if;
  v_rate := public.currency_rate_micros(coalesce(search_facet_counts.currency, 'EUR'));
  if v_rate is null then
    raise exception 'Unknown currency "%"', search_facet_counts.currency using errcode = '22023', hint = 'Use EUR, GBP or USD.';
  end if;
  v_min_eur := (search_facet_counts.price_min_cents - 0.5) * 1000000 / v_rate - 0.000001;
  v_max_eur := (search_facet_counts.price_max_cents + 0.5) * 1000000 / v_rate + 0.000001;
  if v_q is not null then
    if char_length(v_q) > 200 then
      raise exception 'Search text is too long (200 characters at most)' using errcode = '22023';
    end if;
    v_tsq := websearch_to_tsquery('english', v_q);
    v_match := 'd.search_vector @@ $16';
    -- the fallbacks of search_patterns: when the words match nothing, their corrections
    execute format('select exists (select 1 from catalog_search.documents d where %s and %s)', v_filter, v_match) into v_found
      using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
            search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
            search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
            search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
            search_facet_counts.yarn_weight, search_facet_counts.needle_mm, search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m;
    if not v_found then
      foreach v_fallback in array array[catalog_search.corrected_query(v_q), catalog_search.any_word_query(v_q)] loop
        continue when v_fallback is null or v_fallback::text = v_tsq::text;
        v_tsq := v_fallback;
        execute format('select exists (select 1 from catalog_search.documents d where %s and %s)', v_filter, v_match) into v_found
          using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
                search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
                search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
                search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
                search_facet_counts.yarn_weight, search_facet_counts.needle_mm, search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m;
        exit when v_found;
      end loop;
    end if;
  end if;

  return query execute format($s$
      select 'yarn_weight'::text, d.yarn_weight::numeric, count(*) from catalog_search.documents d
       where %1$s and %2$s and d.yarn_weight is not null group by 2
      $s$, v_filter, v_match)
    using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
          search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
          search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
          search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
          null::integer, search_facet_counts.needle_mm, search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m;
  return query execute format($s$
      select 'needle_mm'::text, d.needle_mm::numeric, count(*) from catalog_search.documents d
       where %1$s and %2$s and d.needle_mm is not null group by 2
      $s$, v_filter, v_match)
    using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
          search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
          search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
          search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
          search_facet_counts.yarn_weight, null::numeric, search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m;
  return query execute format($s$
      select 'gauge_stitches'::text, round(d.gauge_stitches), count(*) from catalog_search.documents d
       where %1$s and %2$s and d.gauge_stitches is not null group by 2
      $s$, v_filter, v_match)
    using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
          search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
          search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
          search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
          search_facet_counts.yarn_weight, search_facet_counts.needle_mm, null::integer, search_facet_counts.yarn_max_m;
  if cardinality(search_facet_counts.yarn_steps) > 0 then
    return query execute format($s$
        select 'yarn_max_m'::text, s.step::numeric, count(*) filter (where x.yarn_min_m <= s.step)
          from (select d.yarn_min_m from catalog_search.documents d where %1$s and %2$s and d.yarn_min_m is not null) x
         cross join unnest($24::integer[]) as s(step)
         group by s.step
        $s$, v_filter, v_match)
      using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
            search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
            search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
            search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
            search_facet_counts.yarn_weight, search_facet_counts.needle_mm, search_facet_counts.gauge_stitches, null::integer,
            search_facet_counts.yarn_steps;
  end if;
end $$;
grant execute on function public.search_facet_counts(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, numeric, integer, integer, integer[]) to anon, authenticated;

revoke all on all functions in schema catalog_search from public, anon, authenticated;
analyze catalog_search.documents;
