-- search_patterns, faster on large catalogs: matches are collected once through the indexes,
-- counted and ranked, and only the requested page is sorted, joined and returned (the first
-- version let the planner walk a sort index testing every published pattern).
-- Ranked full-text search over published patterns with the catalog filters.
-- websearch_to_tsquery with weights (title A, tags/craft/category B, description C);
-- when nothing matches, falls back to trigram similarity on titles (typos).
-- Fit: a pattern covers a person when each given measurement (cm) lies within
-- [smallest size − 2, largest size + 2] of its chart (same rule as shared/src/catalog/sizing.ts).
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
  -- Matches are gathered once (through the GIN/btree indexes), counted and ranked; only the
  -- page is sorted out, then joined to its store.
  v_select := $s$
    with m as materialized (
           select p.id, p.published_at, p.price_cents, p.sales_count, %s
             from public.patterns p
            where %s),
         total as (select count(*) as n from m),
         page as (select * from m p order by %s limit $14 offset $15)
    select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
           p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
           page.rank, %L::text, total.n
      from page join public.patterns p on p.id = page.id join public.stores s on s.id = p.store_id cross join total
     order by %s$s$;

  if v_q is null then
    return query execute format(v_select, 'null::real as rank', v_filter, v_order, null, v_order)
      using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
            search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
            coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
            search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
    return;
  end if;

  return query execute format(v_select, $r$ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search_vector, $16) as rank$r$,
                              v_filter || ' and p.search_vector @@ $16', v_order, 'text', v_order)
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
          search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
  if found or v_offset > 0 then
    return;
  end if;
  -- nothing matched the words: typo tolerance through trigram similarity on titles
  return query execute format(v_select, 'word_similarity($17, p.title) as rank',
                              v_filter || ' and $17 <% p.title', v_order, 'similar', v_order)
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
          search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
end $$;
