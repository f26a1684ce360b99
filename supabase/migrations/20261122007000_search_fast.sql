-- Catalog search within its speed goal (issue 3: p95 < 50 ms on PGlite, < 15 ms on PostgreSQL,
-- 100,000 patterns, through REST). Before: 100–250 ms for word searches, 600–900 ms for typos.
-- Where the time went:
--   * every match (3k–11k for common words) was read from `patterns`, whose rows are wide
--     (size chart, yardage, description: ~2–3 rows per 8 kB page, 335 MB at 100k), so a search
--     touched 8k–18k heap pages and evicted the cache for the next one;
--   * all matches were counted (`count(*) over ()`) and ranked with ts_rank;
--   * a typo compared the query with every title (word_similarity / <% over 100k titles).
-- Now:
--   * catalog_search.documents holds, for published patterns only, what search filters, sorts
--     and ranks on (a trigger keeps it in step with `patterns`); it stays in memory, and only
--     the page (≤ 100 ids) is joined to `patterns` and `stores`. Its GIN indexes have no
--     pending list (fastupdate = off): scanning that list cost 5–10 ms per search;
--   * relevance = the best field in which the whole query matches (title, then tags/craft/
--     category, then description — the weights search_vector always had), newest first
--     within each: every rank is read in published_at order and reading stops at the page;
--   * totals are exact up to 1,000 matches, above that an estimate (never less than 1,001),
--     for browsing and word searches alike;
--   * typos are corrected against catalog_search.words, the vocabulary of published titles,
--     tags, crafts and categories (hundreds of words): an unknown word is replaced by up to
--     three close vocabulary words (trigram similarity ≥ 0.3, OR-ed), then the normal full-text
--     search runs; matched_by = 'similar'. suggest_patterns uses the same correction;
--   * search_patterns is security definer with published rows only (documents holds nothing
--     else and the join re-checks status = 'published'): it returns exactly what row-level
--     security shows anyone (patterns_read_published, stores_read_all), without evaluating
--     policies per row. The catalog_search schema is not exposed through REST.
-- Same signatures and result columns as before.

create schema if not exists catalog_search;
revoke all on schema catalog_search from public, anon, authenticated;

-- Published patterns, narrowed to what search filters, sorts and ranks on.
create table if not exists catalog_search.documents (
  pattern_id uuid primary key references public.patterns (id) on delete cascade,
  store_id uuid not null,
  craft text not null,
  category text not null,
  difficulty smallint not null,
  price_cents integer not null,
  formats text[] not null,
  languages text[] not null,
  bust_min_cm numeric(5, 1), bust_max_cm numeric(5, 1),
  waist_min_cm numeric(5, 1), waist_max_cm numeric(5, 1),
  hip_min_cm numeric(5, 1), hip_max_cm numeric(5, 1),
  published_at timestamptz not null,
  sales_count integer not null,
  search_vector tsvector not null,
  -- the title alone, and title + tags + craft + category: relevance ranks (see search_patterns)
  title_vector tsvector not null,
  head_vector tsvector not null
);
alter table catalog_search.documents enable row level security; -- no policies: definer functions only
create index if not exists documents_search_idx on catalog_search.documents using gin (search_vector) with (fastupdate = off);
create index if not exists documents_title_idx on catalog_search.documents using gin (title_vector) with (fastupdate = off);
create index if not exists documents_head_idx on catalog_search.documents using gin (head_vector) with (fastupdate = off);
create index if not exists documents_newest_idx on catalog_search.documents (published_at desc, pattern_id);
create index if not exists documents_price_idx on catalog_search.documents (price_cents, published_at desc);
create index if not exists documents_sales_idx on catalog_search.documents (sales_count desc, published_at desc);
create index if not exists documents_craft_idx on catalog_search.documents (craft, category, published_at desc);
create index if not exists documents_store_idx on catalog_search.documents (store_id, published_at desc);
create statistics if not exists catalog_search.documents_craft_category_stats (dependencies, mcv) on craft, category
  from catalog_search.documents;

-- The same text as the A and B parts of patterns.search_vector (prepare_pattern).
create or replace function catalog_search.title_vector(title text) returns tsvector
language sql immutable set search_path = '' as $$
  select to_tsvector('english'::regconfig, coalesce(title, ''))
$$;
create or replace function catalog_search.head_vector(title text, tags text[], craft text, category text) returns tsvector
language sql immutable set search_path = '' as $$
  select to_tsvector('english'::regconfig, coalesce(title, '')) ||
         to_tsvector('english'::regconfig, array_to_string(tags, ' ') || ' ' || craft || ' ' || replace(category, '-', ' '))
$$;

create or replace function catalog_search.sync_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'published' then
    delete from catalog_search.documents d where d.pattern_id = new.id;
    return null;
  end if;
  insert into catalog_search.documents as d (pattern_id, store_id, craft, category, difficulty, price_cents, formats, languages,
      bust_min_cm, bust_max_cm, waist_min_cm, waist_max_cm, hip_min_cm, hip_max_cm, published_at, sales_count, search_vector,
      title_vector, head_vector)
  values (new.id, new.store_id, new.craft, new.category, new.difficulty, new.price_cents, new.formats, new.languages,
      new.bust_min_cm, new.bust_max_cm, new.waist_min_cm, new.waist_max_cm, new.hip_min_cm, new.hip_max_cm,
      new.published_at, new.sales_count, new.search_vector,
      catalog_search.title_vector(new.title), catalog_search.head_vector(new.title, new.tags, new.craft, new.category))
  on conflict (pattern_id) do update set store_id = excluded.store_id, craft = excluded.craft, category = excluded.category,
      difficulty = excluded.difficulty, price_cents = excluded.price_cents, formats = excluded.formats, languages = excluded.languages,
      bust_min_cm = excluded.bust_min_cm, bust_max_cm = excluded.bust_max_cm, waist_min_cm = excluded.waist_min_cm,
      waist_max_cm = excluded.waist_max_cm, hip_min_cm = excluded.hip_min_cm, hip_max_cm = excluded.hip_max_cm,
      published_at = excluded.published_at, sales_count = excluded.sales_count, search_vector = excluded.search_vector,
      title_vector = excluded.title_vector, head_vector = excluded.head_vector;
  return null;
end $$;
drop trigger if exists patterns_sync_search_document on public.patterns;
create trigger patterns_sync_search_document after insert or update on public.patterns
  for each row execute function catalog_search.sync_document();

insert into catalog_search.documents (pattern_id, store_id, craft, category, difficulty, price_cents, formats, languages,
    bust_min_cm, bust_max_cm, waist_min_cm, waist_max_cm, hip_min_cm, hip_max_cm, published_at, sales_count, search_vector,
    title_vector, head_vector)
select p.id, p.store_id, p.craft, p.category, p.difficulty, p.price_cents, p.formats, p.languages,
       p.bust_min_cm, p.bust_max_cm, p.waist_min_cm, p.waist_max_cm, p.hip_min_cm, p.hip_max_cm,
       p.published_at, p.sales_count, p.search_vector,
       catalog_search.title_vector(p.title), catalog_search.head_vector(p.title, p.tags, p.craft, p.category)
  from public.patterns p where p.status = 'published'
on conflict (pattern_id) do nothing;

-- The vocabulary typos are corrected against: words of published titles, tags, crafts and
-- categories with their English stem (the lexeme full-text search matches on). It only grows,
-- like search_terms; a word whose patterns were unpublished merely finds nothing.
create table if not exists catalog_search.words (
  word text primary key,
  lexeme text not null
);
alter table catalog_search.words enable row level security; -- no policies: definer functions only
create index if not exists words_lexeme_idx on catalog_search.words (lexeme);

create or replace function catalog_search.collect_words() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into catalog_search.words (word, lexeme)
  select w.word, (ts_lexize('english_stem', w.word))[1]
    from (select distinct x.word
            from new_rows n,
                 regexp_split_to_table(lower(n.title || ' ' || array_to_string(n.tags, ' ') || ' ' || n.craft || ' ' || n.category),
                                       '[^[:alpha:]]+') as x(word)
           where n.status = 'published' and char_length(x.word) between 3 and 40) w
   where (ts_lexize('english_stem', w.word))[1] is not null -- stop words have no lexeme
  on conflict (word) do nothing;
  return null;
end $$;
drop trigger if exists patterns_collect_words_insert on public.patterns;
create trigger patterns_collect_words_insert after insert on public.patterns
  referencing new table as new_rows for each statement execute function catalog_search.collect_words();
drop trigger if exists patterns_collect_words_update on public.patterns;
create trigger patterns_collect_words_update after update on public.patterns
  referencing new table as new_rows for each statement execute function catalog_search.collect_words();

insert into catalog_search.words (word, lexeme)
select w.word, (ts_lexize('english_stem', w.word))[1]
  from (select distinct x.word
          from public.patterns p,
               regexp_split_to_table(lower(p.title || ' ' || array_to_string(p.tags, ' ') || ' ' || p.craft || ' ' || p.category),
                                     '[^[:alpha:]]+') as x(word)
         where p.status = 'published' and char_length(x.word) between 3 and 40) w
 where (ts_lexize('english_stem', w.word))[1] is not null
on conflict (word) do nothing;

analyze catalog_search.documents;
analyze catalog_search.words;

-- A query word as tsquery text: its lexeme when the catalog knows it, else up to three close
-- vocabulary words OR-ed ("( 'whale' | 'wall' )"), else null (stop words, nothing close).
-- Trigram similarity is computed against the small vocabulary directly (no `%` operator: it
-- hangs PGlite for non-superuser roles).
create or replace function catalog_search.word_query(query_word text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_lexeme text := (ts_lexize('english_stem', lower(query_word)))[1];
  v_alternatives text;
begin
  if v_lexeme is null then
    return null;
  end if;
  if char_length(query_word) < 3 or exists (select 1 from catalog_search.words w where w.lexeme = v_lexeme) then
    return quote_literal(v_lexeme);
  end if;
  select '( ' || string_agg(quote_literal(c.lexeme), ' | ' order by c.score desc, c.lexeme) || ' )' into v_alternatives
    from (select w.lexeme, max(extensions.similarity(lower(query_word), w.word)) as score
            from catalog_search.words w
           where abs(char_length(w.word) - char_length(query_word)) <= 3
           group by w.lexeme
          having max(extensions.similarity(lower(query_word), w.word)) >= 0.3
           order by score desc, w.lexeme
           limit 3) c;
  return v_alternatives;
end $$;

-- The query with each word the catalog does not know replaced by its close known words, or
-- null when no word needed (or found) a correction. Works on the tsquery websearch_to_tsquery
-- made, so quotes and minus keep their meaning.
create or replace function catalog_search.corrected_query(q text) returns tsquery
language plpgsql stable set search_path = '' as $$
declare
  v_query text := websearch_to_tsquery('english', q)::text;
  v_word text;
  v_lexeme text;
  v_replacement text;
  v_changed boolean := false;
begin
  for v_word in select distinct m[1] from regexp_matches(lower(q), '[[:alpha:]]+', 'g') as m loop
    v_lexeme := quote_literal((ts_lexize('english_stem', v_word))[1]);
    v_replacement := catalog_search.word_query(v_word);
    continue when v_lexeme is null or v_replacement is null or v_replacement = v_lexeme;
    -- lexemes are quoted in a tsquery's text, so 'wale' cannot match inside another lexeme
    v_query := replace(v_query, v_lexeme, v_replacement);
    v_changed := true;
  end loop;
  return case when v_changed then v_query::tsquery end;
end $$;

-- The last resort when all the words together match nothing: any of them (corrected), without
-- the excluded (-word) ones — e.g. "weekend coat" when no coat is called Weekend.
create or replace function catalog_search.any_word_query(q text) returns tsquery
language sql stable set search_path = '' as $$
  select string_agg(distinct catalog_search.word_query(m[1]), ' | ')::tsquery
    from regexp_matches(regexp_replace(lower(q), '(^|\s)-\S+', ' ', 'g'), '[[:alpha:]]+', 'g') as m
   where catalog_search.word_query(m[1]) is not null
$$;

-- The planner's row estimate for a search filter (EXPLAIN is refused inside a stable
-- function, hence this volatile helper; it only plans). Values are inlined as quoted
-- literals so the estimate sees them; nothing from the caller is spliced in unquoted.
create or replace function catalog_search.estimate(v_filter text, v_values text[]) returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  v_plan json;
begin
  -- highest first: "$1" is a prefix of "$10"…"$16"
  for i in reverse cardinality(v_values)..1 loop
    v_filter := replace(v_filter, '$' || i, '(' || v_values[i] || ')');
  end loop;
  execute 'explain (format json) select 1 from catalog_search.documents d where ' || v_filter into v_plan;
  return round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
end $$;

-- search_patterns' filter over catalog_search.documents ($1…$13 as search_patterns binds them,
-- $16 the tsquery when there are words).
create or replace function catalog_search.filter_sql() returns text
language sql immutable set search_path = '' as $f$
  select $s$
      ($1::text is null or d.craft = $1)
      and ($2::text is null or d.category = $2)
      and ($3::int is null or d.difficulty >= $3)
      and ($4::int is null or d.difficulty <= $4)
      and ($5::text is null or d.formats @> array[$5::text])
      and ($6::text is null or d.languages @> array[$6::text])
      and ($7::int is null or d.price_cents >= $7)
      and ($8::int is null or d.price_cents <= $8)
      and (not $9::boolean or d.price_cents = 0)
      and ($10::numeric is null or (d.bust_min_cm - 2 <= $10 and d.bust_max_cm + 2 >= $10))
      and ($11::numeric is null or (d.waist_min_cm - 2 <= $11 and d.waist_max_cm + 2 >= $11))
      and ($12::numeric is null or (d.hip_min_cm - 2 <= $12 and d.hip_max_cm + 2 >= $12))
      and ($13::uuid is null or d.store_id = $13)$s$
$f$;

-- Relevance: a pattern ranks by the best field in which the whole query matches — title (1.0),
-- then tags/craft/category (0.4), then description (0.2), the weights the search vector has
-- always had — and newest first within a rank. Unlike ts_rank over every match, this lets
-- each rank be read in published_at order from an index and stop at the page: a common word
-- no longer means ranking thousands of rows.
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
  v_filter text := catalog_search.filter_sql();
  v_order text;
  v_ids uuid[];
  v_more uuid[];
  v_tier text;
  v_total bigint;
  v_last_block bigint;
  v_pages bigint;
  -- exact totals up to this many matches; an estimate above
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
    v_filter := v_filter || ' and d.search_vector @@ $16';
    v_matched_by := 'text';
  end if;

  -- One-shot dynamic SQL: planned for the actual filters (absent ones fold away, the indexes
  -- are used); every value is bound as a parameter, ORDER BYs come from the whitelist below.
  -- Bounded count: at most v_exact_cap + 1 matches are read, in physical order when the plan
  -- is a bitmap or sequential scan, so the block of the last one read tells how much of the
  -- table held them (used to extrapolate above the cap).
  execute format('select count(*), max((c.ctid::text::point)[0])::bigint from (select d.ctid from catalog_search.documents d where %s limit %s) c',
                 v_filter, v_exact_cap + 1)
    into v_total, v_last_block
    using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
          search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
          v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
          null::integer, null::integer, v_tsq;

  if v_total = 0 and v_q is not null then
    -- no pattern has all the words: correct unknown words against the catalog's vocabulary
    -- (typos), and failing that, take any of the words
    foreach v_fallback in array array[catalog_search.corrected_query(v_q), catalog_search.any_word_query(v_q)] loop
      continue when v_fallback is null or v_fallback::text = v_tsq::text;
      v_tsq := v_fallback;
      v_matched_by := 'similar';
      execute format('select count(*), max((c.ctid::text::point)[0])::bigint from (select d.ctid from catalog_search.documents d where %s limit %s) c',
                     v_filter, v_exact_cap + 1)
        into v_total, v_last_block
        using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
              search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
              v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
              null::integer, null::integer, v_tsq;
      exit when v_total > 0;
    end loop;
  end if;
  if v_total = 0 or (v_offset >= v_total and v_total <= v_exact_cap) then
    return;
  end if;
  if v_total > v_exact_cap then
    -- "about N": the larger of the planner's estimate (good for one word or filters alone,
    -- low for several words, which it takes as independent) and the extrapolation from how
    -- far into the table the first 1,001 matches reached
    v_pages := pg_catalog.pg_relation_size('catalog_search.documents') / pg_catalog.current_setting('block_size')::bigint;
    v_total := greatest(v_exact_cap + 1,
      round((v_exact_cap + 1)::numeric * v_pages / greatest(v_last_block + 1, 1))::bigint,
      catalog_search.estimate(v_filter, array[quote_nullable(search_patterns.craft),
        quote_nullable(search_patterns.category), quote_nullable(search_patterns.difficulty_min), quote_nullable(search_patterns.difficulty_max),
        quote_nullable(search_patterns.format), quote_nullable(search_patterns.language), quote_nullable(search_patterns.price_min_cents),
        quote_nullable(search_patterns.price_max_cents), quote_nullable(v_free), quote_nullable(search_patterns.bust),
        quote_nullable(search_patterns.waist), quote_nullable(search_patterns.hip), quote_nullable(search_patterns.store_id),
        'null', 'null', quote_nullable(v_tsq::text) || '::tsquery']));
  end if;

  if v_tsq is not null and v_sort = 'relevance' then
    -- title matches, then tag/craft/category matches, then the rest, each newest first; a
    -- rank is only read when the ones above it do not fill the page
    v_ids := '{}';
    foreach v_tier in array array['d.title_vector @@ $16', 'd.head_vector @@ $16 and not d.title_vector @@ $16',
                                  'not d.head_vector @@ $16'] loop
      exit when cardinality(v_ids) >= v_offset + v_limit;
      execute format($s$select coalesce(array_agg(x.id order by x.published_at desc, x.id), '{}') from (
                          select d.pattern_id as id, d.published_at from catalog_search.documents d
                           where %s and %s order by d.published_at desc, d.pattern_id limit $14) x$s$, v_filter, v_tier)
        into v_more
        using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
              search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
              v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
              v_offset + v_limit - cardinality(v_ids), null::integer, v_tsq;
      v_ids := v_ids || v_more;
    end loop;
    v_ids := v_ids[v_offset + 1 : v_offset + v_limit];
  else
    v_order := case v_sort
      when 'price_asc' then 'd.price_cents asc, d.published_at desc, d.pattern_id'
      when 'price_desc' then 'd.price_cents desc, d.published_at desc, d.pattern_id'
      when 'best_selling' then 'd.sales_count desc, d.published_at desc, d.pattern_id'
      else 'd.published_at desc, d.pattern_id'
    end;
    -- the page is chosen in the narrow documents table
    execute format($s$select coalesce(array_agg(x.id order by x.n), '{}') from (
                        select d.pattern_id as id, row_number() over (order by %s) as n from catalog_search.documents d
                         where %s order by %s limit $14 offset $15) x$s$, v_order, v_filter, v_order)
      into v_ids
      using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
            search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
            v_free, search_patterns.bust, search_patterns.waist, search_patterns.hip, search_patterns.store_id,
            v_limit, v_offset, v_tsq;
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

-- Did-you-mean: titles and catalogue terms (tags, crafts, categories) close to the query.
-- Titles come from the same corrected query search_patterns would run (so a suggestion leads
-- to results), best sellers first, kept when their words resemble the query.
create or replace function public.suggest_patterns(q text, "limit" integer default 5)
returns table (suggestion text, kind text, score real)
language plpgsql stable security definer
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.4
as $$
declare
  v_q text := lower(btrim(suggest_patterns.q));
  v_tsq tsquery;
begin
  if v_q is null or char_length(v_q) < 2 or char_length(v_q) > 200 then
    return;
  end if;
  v_tsq := coalesce(catalog_search.corrected_query(v_q), websearch_to_tsquery('english', v_q));
  -- the same words, in titles only (weight A)
  return query
  select x.suggestion, x.kind, max(x.score)::real as score
    from (
      select t.title as suggestion, 'title'::text as kind, extensions.word_similarity(v_q, lower(t.title)) as score
        from (select p.title
                from catalog_search.documents d join public.patterns p on p.id = d.pattern_id and p.status = 'published'
               where d.title_vector @@ v_tsq
               order by d.sales_count desc, d.published_at desc
               limit 50) t
       where extensions.word_similarity(v_q, lower(t.title)) >= 0.4
      union all
      select t.term, t.kind, extensions.similarity(v_q, t.term)
        from public.search_terms t
       where v_q operator(extensions.<%) t.term
    ) x
   where lower(x.suggestion) <> v_q
   group by x.suggestion, x.kind
   order by max(x.score) desc, x.suggestion
   limit least(greatest(coalesce(suggest_patterns."limit", 5), 1), 20);
end $$;

revoke all on all functions in schema catalog_search from public, anon, authenticated;
