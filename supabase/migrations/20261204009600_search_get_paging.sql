-- search_patterns and suggest_patterns as GET: PostgREST reads `limit` and `offset` in a GET's
-- query string as paging of the function's answer, so arguments of those names can only travel
-- in a POST body, which no cache keeps. The paging arguments are `page_size` / `page_offset`
-- (suggest_patterns' count of suggestions `page_size`); everything else is as
-- 20261204001200_search_languages.sql.
drop function if exists public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text, integer, numeric, integer, integer, text);
drop function if exists public.suggest_patterns(text, integer, text);

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
  page_size integer default 24,
  page_offset integer default 0,
  currency text default null,
  yarn_weight integer default null,
  needle_mm numeric default null,
  gauge_stitches integer default null,
  yarn_max_m integer default null,
  locale text default 'en'
) returns setof public.pattern_hit
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
set synchronize_seqscans = off
as $$
declare
  v_q text := nullif(btrim(search_patterns.q), '');
  v_locale text := coalesce(search_patterns.locale, 'en');
  v_tsq tsquery;
  v_fallback tsquery;
  v_matched_by text;
  v_limit integer := least(greatest(coalesce(search_patterns.page_size, 24), 1), 100);
  v_offset integer := greatest(coalesce(search_patterns.page_offset, 0), 0);
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
  perform catalog_search.check_locale(v_locale);
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
    v_tsq := catalog_search.buyer_query(v_q, v_locale);
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
    foreach v_fallback in array array[catalog_search.corrected_query(v_q, v_locale), catalog_search.any_word_query(v_q, v_locale)] loop
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
         v_matched_by, v_total, r.rating_avg::numeric, coalesce(r.review_count, 0), p.yarn_weight, p.needle_mm,
         (select jsonb_object_agg(t.locale, t.title order by t.locale) from public.pattern_translations t where t.pattern_id = p.id)
    from unnest(v_ids) with ordinality as page(id, n)
    join catalog_search.documents d on d.pattern_id = page.id
    join public.patterns p on p.id = page.id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = page.id
   order by page.n;
end $$;
grant execute on function public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text, integer, numeric, integer, integer, text) to anon, authenticated;

create or replace function public.suggest_patterns(q text, page_size integer default 5, locale text default 'en')
returns table (suggestion text, kind text, score real)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_q text := lower(btrim(suggest_patterns.q));
  v_locale text := coalesce(suggest_patterns.locale, 'en');
  v_corrected text;
begin
  perform catalog_search.check_locale(v_locale);
  if v_q is null or char_length(v_q) < 2 or char_length(v_q) > 200 then
    return;
  end if;
  v_corrected := catalog_search.corrected_words(v_q, v_locale);
  if v_corrected is null then
    return;
  end if;
  return query select v_corrected, 'query'::text, extensions.similarity(v_q, v_corrected)::real;
end $$;
grant execute on function public.suggest_patterns(text, integer, text) to anon, authenticated;
