-- Catalog search within the PostgreSQL goal (issue 3: p95 < 15 ms through REST with 100,000
-- patterns; 29.8 ms after 20261122007000_search_fast.sql). Inside PostgreSQL 15 the
-- benchmark's word searches took 8–20 ms. Where that went:
--   * the exact count read up to 1,001 matches from the heap (3–6 ms);
--   * each relevance tier was fetched with a bitmap of *all* its matches, then sorted for the
--     newest 24 (5–20 ms for 3k–7k title matches): the planner multiplies the selectivities
--     of title, full text and craft as if independent (a quilt is rarely not quilting), so it
--     expects ~100 rows and never walks the newest-first index;
--   * a planner estimate (EXPLAIN) on every search with more than 1,000 matches.
-- Now (2.5–6 ms for the same searches):
--   * one pass reads at most 101 matches (exact_total_cap() + 1) and yields the count, how far
--     into the table they reached, how many are title or tag matches (the tiers' shares) and,
--     when they are all the matches, the page itself: a search with few matches is one
--     statement. Totals are exact up to 100; above, an extrapolation from the sample's reach
--     (a word search's bitmap reads in physical order), and the UI says "about";
--   * with more matches, each tier (or the one list of a sorted search) is read one of two
--     ways, whichever looks at fewer rows: walking the order's index (newest, cheapest, best-
--     selling first; bitmaps and sorts off for that statement) and stopping once the page is
--     full, or reading every match of the tier by bitmap and sorting. A tier's size comes
--     from its share of the sample, the rows a walk needs from how many patterns the filters
--     leave (the planner's estimate, only asked when there are filters). A walk gives up after
--     3,000 rows of its order and the bitmap reads the tier instead;
--   * without a negation (-word), a title or tag match needs no full-text test as well.
-- Same signature, result columns and ordering rules as 20261122007000_search_fast.sql.

-- Indexes that give each order completely (pattern_id breaks ties), alone or after an
-- equality filter, so a walk needs no sort: free patterns newest first (price 0), a craft's,
-- a craft and category's, a store's.
create index if not exists documents_price_order_idx on catalog_search.documents (price_cents, published_at desc, pattern_id);
create index if not exists documents_sales_order_idx on catalog_search.documents (sales_count desc, published_at desc, pattern_id);
create index if not exists documents_craft_newest_idx on catalog_search.documents (craft, published_at desc, pattern_id);
create index if not exists documents_craft_category_newest_idx on catalog_search.documents (craft, category, published_at desc, pattern_id);
create index if not exists documents_store_newest_idx on catalog_search.documents (store_id, published_at desc, pattern_id);
drop index if exists catalog_search.documents_price_idx;
drop index if exists catalog_search.documents_sales_idx;
drop index if exists catalog_search.documents_craft_idx;
drop index if exists catalog_search.documents_store_idx;
analyze catalog_search.documents;

create or replace function catalog_search.exact_total_cap() returns integer
language sql immutable set search_path = '' as $$ select 100 $$;

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
language plpgsql stable security definer
set search_path = ''
-- the page's join (below) is the same for every search: plan it once per connection (the
-- dynamic statements are planned for their actual values regardless)
set plan_cache_mode = force_generic_plan
-- a sequential scan starts at block 0 (not where another scan is), so the sample's last block
-- tells how much of the table it read
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
  -- rows of the order a walk looks at before it gives up on a tier
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
    v_match := 'd.search_vector @@ $16';
    v_tier_expr := 'case when d.title_vector @@ $16 then 1 when d.head_vector @@ $16 then 2 else 3 end';
    v_matched_by := 'text';
  end if;
  -- column names only: the same text orders the documents table and the sample below
  v_order := case v_sort
    when 'price_asc' then 'price_cents asc, published_at desc, pattern_id'
    when 'price_desc' then 'price_cents desc, published_at desc, pattern_id'
    when 'best_selling' then 'sales_count desc, published_at desc, pattern_id'
    else 'published_at desc, pattern_id'
  end;
  v_sample_order := case when v_tsq is not null and v_sort = 'relevance' then 'tier, ' || v_order else v_order end;

  -- The sample: at most v_cap + 1 matches, in the order the plan finds them (physical order for
  -- a bitmap or sequential scan, so the first and last blocks read tell how densely the table
  -- holds them).
  -- One-shot dynamic SQL: planned for the actual filters (absent ones fold away); every value
  -- is bound as a parameter, ORDER BYs come from the whitelist above.
  v_sample_sql := format($s$
    select count(*), min((m.ctid::text::point)[0])::bigint, max((m.ctid::text::point)[0])::bigint,
           count(*) filter (where m.tier = 1), count(*) filter (where m.tier = 2),
           coalesce((array_agg(m.pattern_id order by %s))[$15 + 1 : $15 + $14], '{}')
      from (select d.ctid, d.pattern_id, d.published_at, d.price_cents, d.sales_count, %s as tier
              from catalog_search.documents d where %s and %s limit %s) m$s$,
    v_sample_order, v_tier_expr, v_filter, v_match, v_cap + 1);
  execute v_sample_sql into v_total, v_first_block, v_last_block, v_title_count, v_head_count, v_ids
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
          v_limit, v_offset, v_tsq;

  if v_total = 0 and v_q is not null then
    -- no pattern has all the words: correct unknown words against the catalog's vocabulary
    -- (typos), and failing that, take any of the words
    foreach v_fallback in array array[catalog_search.corrected_query(v_q), catalog_search.any_word_query(v_q)] loop
      continue when v_fallback is null or v_fallback::text = v_tsq::text;
      v_tsq := v_fallback;
      v_matched_by := 'similar';
      execute v_sample_sql into v_total, v_first_block, v_last_block, v_title_count, v_head_count, v_ids
        using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
              search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
              v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
              v_limit, v_offset, v_tsq;
      exit when v_total > 0;
    end loop;
  end if;
  if v_total = 0 or (v_offset >= v_total and v_total <= v_cap) then
    return;
  end if;

  if v_total > v_cap then
    -- "about N": the sampled matches' density between the first and last block they were
    -- found in, carried from the first block to the end of the table. Right for matches spread
    -- through the table (bulk-loaded or long-updated rows) and for new rows appended at its
    -- end; off for matches packed into a few pages (new rows filling space vacuum freed). The
    -- UI pages by whether a page came back full, not by this number, so it is only a label.
    -- The planner's estimate is no better for words (it multiplies their frequencies as if
    -- independent); browsing, filters alone, takes the larger of the two.
    v_pages := pg_catalog.pg_relation_size('catalog_search.documents') / pg_catalog.current_setting('block_size')::bigint;
    v_total := greatest(v_cap + 1, round((v_cap + 1)::numeric * greatest(v_pages - v_first_block, 1)
                                         / greatest(v_last_block - v_first_block + 1, 1))::bigint);
    -- the patterns the filters alone leave (the planner's estimate; every one without filters)
    if num_nonnulls(search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                    search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
                    nullif(v_free, false), search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id) = 0 then
      select greatest(c.reltuples, 1) into v_filtered from pg_catalog.pg_class c where c.oid = 'catalog_search.documents'::regclass;
    else
      v_filtered := greatest(catalog_search.estimate(v_filter, array[quote_nullable(search_patterns.craft),
        quote_nullable(search_patterns.category), quote_nullable(search_patterns.difficulty_min), quote_nullable(search_patterns.difficulty_max),
        quote_nullable(search_patterns.format), quote_nullable(search_patterns.language), quote_nullable(search_patterns.price_min_cents),
        quote_nullable(search_patterns.price_max_cents), quote_nullable(v_free), quote_nullable(search_patterns.bust),
        quote_nullable(search_patterns.waist), quote_nullable(search_patterns.hip), quote_nullable(search_patterns.store_id)]), 1);
    end if;
    if v_tsq is null then
      v_total := greatest(v_total, v_filtered::bigint);
    end if;

    -- The page, from plentiful matches. Relevance: title matches, then tag/craft/category
    -- matches, then the rest, each newest first; a tier is only read when the ones above it do
    -- not fill the page. Other sorts: one "tier" holding every match.
    if v_tsq is not null and v_sort = 'relevance' then
      -- without a negation, a title or tag match is a match (the title and tags are the
      -- start of search_vector, positions included), so the tiers need not test it again
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
      -- The tier's size (its share of the sampled matches times the matches) against the rows
      -- a walk would look at to fill the page (the filtered patterns over that size): a row
      -- costs about the same either way, so the fewer rows win, and a walk never looks beyond
      -- its window.
      v_tier_rows := v_tier_counts[i]::numeric / (v_cap + 1) * v_total;
      if v_tier_rows > 0 and v_need * v_filtered / v_tier_rows <= least(v_tier_rows, v_walk_window) then
        -- walk the order's index (bitmaps and sorts off for this statement: a bitmap reads
        -- every match before sorting), looking at v_walk_window rows at most
        v_bitmap := pg_catalog.current_setting('enable_bitmapscan');
        v_sort_setting := pg_catalog.current_setting('enable_sort');
        perform pg_catalog.set_config('enable_bitmapscan', 'off', true);
        perform pg_catalog.set_config('enable_sort', 'off', true);
        execute format($s$select coalesce(array_agg(w.pattern_id order by %s), '{}') from (
                            select x.* from (select d.pattern_id, d.published_at, d.price_cents, d.sales_count, (%s and %s) as hit
                                               from catalog_search.documents d where %s order by %s limit %s) x
                             where x.hit limit $14) w$s$,
                       v_order, v_match, v_tiers[i], v_filter, v_order, v_walk_window)
          into v_more
          using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
                v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
                v_need, null::integer, v_tsq;
        perform pg_catalog.set_config('enable_bitmapscan', v_bitmap, true);
        perform pg_catalog.set_config('enable_sort', v_sort_setting, true);
        if cardinality(v_more) < v_need then
          v_more := null; -- the window ran out before the page filled
        end if;
      end if;
      if v_more is null then
        -- every match of the tier, sorted: cheap when the tier is rare
        execute format($s$select coalesce(array_agg(x.pattern_id order by %s), '{}') from (
                            select d.pattern_id, d.published_at, d.price_cents, d.sales_count from catalog_search.documents d
                             where %s and %s and %s order by %s limit $14) x$s$, v_order, v_filter, v_match, v_tiers[i], v_order)
          into v_more
          using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
                search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
                v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
                v_need, null::integer, v_tsq;
      end if;
      v_ids := v_ids || v_more;
    end loop;
    v_ids := v_ids[v_offset + 1 : v_offset + v_limit];
  end if;

  -- only the page's rows are read from patterns and stores
  return query
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         case when v_tsq is null then null
              when d.title_vector @@ v_tsq then 1.0
              when d.head_vector @@ v_tsq then 0.4
              else 0.2 end::real,
         v_matched_by, v_total
    from unnest(v_ids) with ordinality as page(id, n)
    join catalog_search.documents d on d.pattern_id = page.id
    join public.patterns p on p.id = page.id and p.status = 'published'
    join public.stores s on s.id = p.store_id
   order by page.n;
end $$;

revoke all on all functions in schema catalog_search from public, anon, authenticated;
