-- Catalog benchmark (bench/catalog, 100,000 patterns): /patterns with no words spent
-- 500–800 ms in the database because `count(*) over ()` made every browse read and sort
-- all ~92k published rows (~240 MB of heap on PGlite) just to print the total, instead of
-- walking patterns_published_newest_idx for 24 rows. Browsing (no search words) now fetches
-- the page alone and counts separately: exactly up to 1,000 matches (a bounded scan), above
-- that the planner's estimate (what PostgREST's `count=estimated` does), never less than
-- 1,001. Searches with words keep the exact window count: ranking reads every match anyway.
-- Same signature, result type and semantics otherwise as 20261122000500_rpc.sql.
-- The planner's row estimate for a browse filter. EXPLAIN is refused inside a stable
-- function, hence this volatile helper (it only plans, never runs the query). The filter
-- is search_patterns' own, with each value inlined as a quoted literal so the estimate
-- sees the actual values; nothing from the caller is spliced in unquoted.
create or replace function public.search_patterns_estimate(
  craft text, category text, difficulty_min integer, difficulty_max integer, format text, language text,
  price_min_cents integer, price_max_cents integer, free_only boolean, bust numeric, waist numeric, hip numeric, store_id uuid
) returns bigint
language plpgsql volatile
set search_path = public, extensions, pg_temp
as $$
declare
  v_filter text := $f$
      p.status = 'published'
      and ($1::text is null or p.craft = $1)
      and ($2::text is null or p.category = $2)
      and ($3::int is null or p.difficulty >= $3)
      and ($4::int is null or p.difficulty <= $4)
      and ($5::text is null or p.formats @> array[$5::text])
      and ($6::text is null or p.languages @> array[$6::text])
      and ($7::int is null or p.price_cents >= $7)
      and ($8::int is null or p.price_cents <= $8)
      and (not $9::boolean or p.price_cents = 0)
      and ($10::numeric is null or (p.bust_min_cm - 2 <= $10 and p.bust_max_cm + 2 >= $10))
      and ($11::numeric is null or (p.waist_min_cm - 2 <= $11 and p.waist_max_cm + 2 >= $11))
      and ($12::numeric is null or (p.hip_min_cm - 2 <= $12 and p.hip_max_cm + 2 >= $12))
      and ($13::uuid is null or p.store_id = $13)$f$;
  v_values text[] := array[quote_nullable(craft), quote_nullable(category), quote_nullable(difficulty_min), quote_nullable(difficulty_max),
    quote_nullable(format), quote_nullable(language), quote_nullable(price_min_cents), quote_nullable(price_max_cents),
    quote_nullable(coalesce(free_only, false)), quote_nullable(bust), quote_nullable(waist), quote_nullable(hip), quote_nullable(store_id)];
  v_plan json;
begin
  -- $13 before $1: "$1" is a prefix of "$10"…"$13"
  for i in reverse 13..1 loop
    v_filter := replace(v_filter, '$' || i, '(' || v_values[i] || ')');
  end loop;
  execute 'explain (format json) select 1 from public.patterns p where ' || v_filter into v_plan;
  return round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
end $$;

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
  "offset" integer default 0
) returns setof public.pattern_hit
language plpgsql stable
set search_path = public, extensions, pg_temp
set pg_trgm.word_similarity_threshold = 0.4
as $$
declare
  v_q text := nullif(btrim(search_patterns.q), '');
  v_tsq tsquery;
  v_limit integer := least(greatest(coalesce(search_patterns."limit", 24), 1), 100);
  v_offset integer := greatest(coalesce(search_patterns."offset", 0), 0);
  v_sort text := coalesce(search_patterns.sort, 'relevance');
  v_filter text;
  v_order text;
  v_select text;
  v_total bigint;
  -- exact totals up to this many browse matches; the planner's estimate above
  v_exact_cap constant integer := 1000;
begin
  if v_sort not in ('relevance', 'newest', 'price_asc', 'price_desc', 'best_selling') then
    raise exception 'Unknown sort "%"', v_sort using errcode = '22023',
      hint = 'Use relevance, newest, price_asc, price_desc or best_selling.';
  end if;
  if v_q is not null then
    if char_length(v_q) > 200 then
      raise exception 'Search text is too long (200 characters at most)' using errcode = '22023';
    end if;
    v_tsq := websearch_to_tsquery('english', v_q);
  end if;

  -- One-shot dynamic SQL: each search is planned for its actual filters (so absent filters
  -- fold away and the GIN indexes are used); every value is bound as a parameter, and the
  -- ORDER BY comes from the whitelist above.
  v_filter := $f$
      p.status = 'published'
      and ($1::text is null or p.craft = $1)
      and ($2::text is null or p.category = $2)
      and ($3::int is null or p.difficulty >= $3)
      and ($4::int is null or p.difficulty <= $4)
      and ($5::text is null or p.formats @> array[$5::text])
      and ($6::text is null or p.languages @> array[$6::text])
      and ($7::int is null or p.price_cents >= $7)
      and ($8::int is null or p.price_cents <= $8)
      and (not $9::boolean or p.price_cents = 0)
      and ($10::numeric is null or (p.bust_min_cm - 2 <= $10 and p.bust_max_cm + 2 >= $10))
      and ($11::numeric is null or (p.waist_min_cm - 2 <= $11 and p.waist_max_cm + 2 >= $11))
      and ($12::numeric is null or (p.hip_min_cm - 2 <= $12 and p.hip_max_cm + 2 >= $12))
      and ($13::uuid is null or p.store_id = $13)$f$;
  v_order := case v_sort
    when 'newest' then 'p.published_at desc, p.id'
    when 'price_asc' then 'p.price_cents asc, p.published_at desc, p.id'
    when 'price_desc' then 'p.price_cents desc, p.published_at desc, p.id'
    when 'best_selling' then 'p.sales_count desc, p.published_at desc, p.id'
    else case when v_q is null then 'p.published_at desc, p.id' else 'rank desc, p.published_at desc, p.id' end
  end;
  v_select := $s$
    select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
           p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
           %s, %L::text, count(*) over ()
      from public.patterns p join public.stores s on s.id = p.store_id
     where %s
     order by %s
     limit $14 offset $15$s$;

  if v_q is null then
    execute format('select count(*) from (select 1 from public.patterns p where %s limit %s) c', v_filter, v_exact_cap + 1)
      into v_total
      using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
            search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
            coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
            search_patterns.store_id;
    if v_total > v_exact_cap then
      v_total := public.search_patterns_estimate(search_patterns.craft, search_patterns.category, search_patterns.difficulty_min,
        search_patterns.difficulty_max, search_patterns.format, search_patterns.language, search_patterns.price_min_cents,
        search_patterns.price_max_cents, coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist,
        search_patterns.hip, search_patterns.store_id);
      v_total := greatest(v_exact_cap + 1, v_total);
    end if;
    -- $16 carries the total here (v_tsq is not used without words)
    return query execute format(replace(v_select, 'count(*) over ()', '$16::bigint'), 'null::real as rank', null, v_filter, v_order)
      using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
            search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
            coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
            search_patterns.store_id, v_limit, v_offset, v_total, v_q;
    return;
  end if;

  return query execute format(v_select, $r$ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search_vector, $16) as rank$r$, 'text',
                              v_filter || ' and p.search_vector @@ $16', v_order)
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
          search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
  if found or v_offset > 0 then
    return;
  end if;
  -- nothing matched the words: typo tolerance through trigram similarity on titles
  return query execute format(v_select, 'word_similarity($17, p.title) as rank', 'similar',
                              v_filter || ' and $17 <% p.title', v_order)
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
          search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
end $$;

-- craft and category go together (every dress is sewing): without this the estimate for
-- craft=sewing & category=dress multiplies two selectivities and halves the total.
create statistics if not exists public.patterns_craft_category_stats (dependencies, mcv) on craft, category from public.patterns;
