-- Search understands the language (issue 36): German, French, Spanish and Dutch stemming, so
-- "Kleider" finds "Kleid", "robes" finds "robe", "vestidos" finds "vestido", "jurken" finds
-- "jurk"; translated titles and descriptions (public.pattern_translations) are found too.
--   * documents: a pattern is indexed with the text search configuration of its language
--     (languages[1]: de → german, fr → french, es → spanish, nl → dutch, anything else english
--     as before), each translation with its own language's, in the same three vectors (title;
--     title + tags + craft + category; everything). An English pattern without translations
--     keeps exactly the vectors it had (the same expressions, prepare_pattern's search_vector).
--     Translations re-index their pattern's document when they change;
--   * the query: read in the buyer's language (search_patterns' new `locale`, default 'en', so
--     today's callers get what they got) OR-ed with `simple` (the words as typed: names, and a
--     word in a language other than the buyer's that its stemmer would change). When both
--     readings are the same, or the buyer's language keeps nothing (stop words only), the
--     buyer's reading alone, as before;
--   * typos: as before for 'en' (20261122007000, 20261202008100: the same functions); for the
--     other languages an unknown word is replaced by close vocabulary words (pg_trgm
--     similarity, the vocabulary now has translated titles too), stemmed in the buyer's
--     language and in English. A word counts as known when the vocabulary has it (or its
--     English stem) or a title/tag stems to it in the buyer's language;
--   * search rows carry title_translations ({"de": "…"}) so a card can show the buyer's title
--     and the original one click away; search_facet_counts and suggest_patterns take the same
--     `locale`. An unknown locale is refused with words (22023).
-- The snowball stemmers and stop-word lists ship with PostgreSQL and with PGlite (the same
-- configurations, tested on both).

create or replace function catalog_search.text_config(p_language text) returns regconfig
language sql immutable parallel safe set search_path = '' as $$
  select (case p_language when 'de' then 'pg_catalog.german' when 'fr' then 'pg_catalog.french' when 'es' then 'pg_catalog.spanish'
                          when 'nl' then 'pg_catalog.dutch' else 'pg_catalog.english' end)::regconfig
$$;
create or replace function catalog_search.stem_dictionary(p_language text) returns regdictionary
language sql immutable parallel safe set search_path = '' as $$
  select (case p_language when 'de' then 'pg_catalog.german_stem' when 'fr' then 'pg_catalog.french_stem'
                          when 'es' then 'pg_catalog.spanish_stem' when 'nl' then 'pg_catalog.dutch_stem'
                          else 'pg_catalog.english_stem' end)::regdictionary
$$;

create or replace function catalog_search.check_locale(p_locale text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_locale is null or not p_locale = any (public.supported_locales()) then
    raise exception 'Unknown language "%"', p_locale using errcode = '22023',
      hint = 'Give the buyer''s language as en, de, fr, es or nl (default en).';
  end if;
end $$;

-- The words of a search in the buyer's language, or also as typed (simple).
create or replace function catalog_search.buyer_query(q text, p_locale text) returns tsquery
language plpgsql stable set search_path = '' as $$
declare
  v_own tsquery := websearch_to_tsquery(catalog_search.text_config(p_locale), q);
  v_simple tsquery;
begin
  if numnode(v_own) = 0 then
    return v_own; -- stop words only: nothing to look for, as before
  end if;
  v_simple := websearch_to_tsquery('pg_catalog.simple'::regconfig, q);
  if v_simple::text = v_own::text then
    return v_own;
  end if;
  return v_own || v_simple;
end $$;

-- A published pattern's three search vectors: in its language, with its translations in theirs.
create or replace function catalog_search.document_vectors(p_id uuid, p_title text, p_tags text[], p_craft text, p_category text,
    p_description text, p_languages text[], p_search_vector tsvector,
    out title_vector tsvector, out head_vector tsvector, out search_vector tsvector)
language plpgsql stable set search_path = '' as $$
declare
  v_cfg regconfig := catalog_search.text_config(p_languages[1]);
  v_title tsvector := to_tsvector(v_cfg, coalesce(p_title, ''));
  v_head tsvector := to_tsvector(v_cfg, array_to_string(p_tags, ' ') || ' ' || p_craft || ' ' || replace(p_category, '-', ' '));
  v_cfg_t regconfig;
  t record;
begin
  -- as catalog_search.title_vector and head_vector (20261122007000) in the pattern's language
  title_vector := v_title;
  head_vector := v_title || v_head;
  if v_cfg = 'pg_catalog.english'::regconfig then
    search_vector := p_search_vector; -- prepare_pattern's, which is English
  else
    search_vector := setweight(v_title, 'A') || setweight(v_head, 'B') || setweight(to_tsvector(v_cfg, coalesce(p_description, '')), 'C');
  end if;
  for t in select pt.locale, pt.title, pt.description from public.pattern_translations pt where pt.pattern_id = p_id order by pt.locale loop
    v_cfg_t := catalog_search.text_config(t.locale);
    v_title := to_tsvector(v_cfg_t, t.title);
    title_vector := title_vector || v_title;
    head_vector := head_vector || v_title;
    search_vector := search_vector || setweight(v_title, 'A') || setweight(to_tsvector(v_cfg_t, t.description), 'C');
  end loop;
end $$;

-- As 20261202008000_craft_facets.sql, with the vectors above.
create or replace function catalog_search.sync_document() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_title tsvector;
  v_head tsvector;
  v_search tsvector;
begin
  if new.status <> 'published' then
    delete from catalog_search.documents d where d.pattern_id = new.id;
    return null;
  end if;
  select x.title_vector, x.head_vector, x.search_vector into v_title, v_head, v_search
    from catalog_search.document_vectors(new.id, new.title, new.tags, new.craft, new.category, new.description, new.languages,
                                         new.search_vector) x;
  insert into catalog_search.documents as d (pattern_id, store_id, craft, category, difficulty, price_cents, currency, formats, languages,
      bust_min_cm, bust_max_cm, waist_min_cm, waist_max_cm, hip_min_cm, hip_max_cm, published_at, sales_count, search_vector,
      title_vector, head_vector, yarn_weight, needle_mm, gauge_stitches, yarn_min_m)
  values (new.id, new.store_id, new.craft, new.category, new.difficulty, new.price_cents, new.currency, new.formats, new.languages,
      new.bust_min_cm, new.bust_max_cm, new.waist_min_cm, new.waist_max_cm, new.hip_min_cm, new.hip_max_cm,
      new.published_at, new.sales_count, v_search, v_title, v_head,
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

-- As 20261122007000_search_fast.sql, with the titles of the patterns' translations.
create or replace function catalog_search.collect_words() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into catalog_search.words (word, lexeme)
  select w.word, (ts_lexize('english_stem', w.word))[1]
    from (select distinct x.word
            from new_rows n
           cross join lateral regexp_split_to_table(lower(n.title || ' ' || array_to_string(n.tags, ' ') || ' ' || n.craft || ' ' || n.category
                   || coalesce(' ' || (select string_agg(t.title, ' ') from public.pattern_translations t where t.pattern_id = n.id), '')),
                 '[^[:alpha:]]+') as x(word)
           where n.status = 'published' and char_length(x.word) between 3 and 40) w
   where (ts_lexize('english_stem', w.word))[1] is not null -- stop words have no lexeme
  on conflict (word) do nothing;
  return null;
end $$;

-- A translation written, changed or removed: its pattern's document again, and the words of a
-- published pattern's translated title into the vocabulary.
create or replace function catalog_search.sync_translation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := case when tg_op = 'DELETE' then old.pattern_id else new.pattern_id end;
begin
  update catalog_search.documents d
     set title_vector = x.title_vector, head_vector = x.head_vector, search_vector = x.search_vector
    from public.patterns p
   cross join lateral catalog_search.document_vectors(p.id, p.title, p.tags, p.craft, p.category, p.description, p.languages,
                                                      p.search_vector) x
   where p.id = v_id and d.pattern_id = p.id;
  if tg_op = 'UPDATE' and old.pattern_id <> new.pattern_id then
    update catalog_search.documents d
       set title_vector = x.title_vector, head_vector = x.head_vector, search_vector = x.search_vector
      from public.patterns p
     cross join lateral catalog_search.document_vectors(p.id, p.title, p.tags, p.craft, p.category, p.description, p.languages,
                                                        p.search_vector) x
     where p.id = old.pattern_id and d.pattern_id = p.id;
  end if;
  if tg_op <> 'DELETE' and exists (select 1 from public.patterns p where p.id = new.pattern_id and p.status = 'published') then
    insert into catalog_search.words (word, lexeme)
    select w.word, (ts_lexize('english_stem', w.word))[1]
      from (select distinct x.word from regexp_split_to_table(lower(new.title), '[^[:alpha:]]+') as x(word)
             where char_length(x.word) between 3 and 40) w
     where (ts_lexize('english_stem', w.word))[1] is not null
    on conflict (word) do nothing;
  end if;
  return null;
end $$;
create trigger pattern_translations_sync_search after insert or update or delete on public.pattern_translations
  for each row execute function catalog_search.sync_translation();

-- Published patterns in another language than English, indexed in theirs (English ones keep
-- their vectors: only these rows are written, the table keeps its layout).
update catalog_search.documents d
   set title_vector = x.title_vector, head_vector = x.head_vector, search_vector = x.search_vector
  from public.patterns p
 cross join lateral catalog_search.document_vectors(p.id, p.title, p.tags, p.craft, p.category, p.description, p.languages,
                                                    p.search_vector) x
 where p.id = d.pattern_id and catalog_search.text_config(p.languages[1]) <> 'pg_catalog.english'::regconfig;

-- ── Typos in the buyer's language ─────────────────────────────────────────────────────────
-- As catalog_search.word_query(text) (20261122007000), the lexeme in the buyer's language; for
-- 'en' that function itself.
create or replace function catalog_search.word_query(query_word text, p_locale text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_word text := lower(query_word);
  v_dict regdictionary := catalog_search.stem_dictionary(p_locale);
  v_lexeme text;
  v_alternatives text;
begin
  if p_locale = 'en' then
    return catalog_search.word_query(query_word);
  end if;
  v_lexeme := (ts_lexize(v_dict, v_word))[1];
  if v_lexeme is null then
    return null;
  end if;
  if char_length(v_word) < 3
     or exists (select 1 from catalog_search.words w where w.word = v_word or w.lexeme = (ts_lexize('english_stem', v_word))[1])
     or exists (select 1 from catalog_search.documents d where d.head_vector @@ quote_literal(v_lexeme)::tsquery) then
    return quote_literal(v_lexeme);
  end if;
  select '( ' || string_agg(quote_literal(x.lexeme), ' | ' order by x.lexeme) || ' )' into v_alternatives
    from (select distinct unnest(array[coalesce((ts_lexize(v_dict, c.word))[1], c.word), c.lexeme]) as lexeme
            from (select w.word, w.lexeme
                    from catalog_search.words w
                   where abs(char_length(w.word) - char_length(v_word)) <= 3
                     and extensions.similarity(v_word, w.word) >= 0.3
                   order by extensions.similarity(v_word, w.word) desc, w.word
                   limit 3) c) x;
  return v_alternatives;
end $$;

-- As catalog_search.corrected_query(text), the query read in the buyer's language.
create or replace function catalog_search.corrected_query(q text, p_locale text) returns tsquery
language plpgsql stable set search_path = '' as $$
declare
  v_dict regdictionary := catalog_search.stem_dictionary(p_locale);
  v_query text;
  v_word text;
  v_lexeme text;
  v_replacement text;
  v_changed boolean := false;
begin
  if p_locale = 'en' then
    return catalog_search.corrected_query(q);
  end if;
  v_query := websearch_to_tsquery(catalog_search.text_config(p_locale), q)::text;
  for v_word in select distinct m[1] from regexp_matches(lower(q), '[[:alpha:]]+', 'g') as m loop
    v_lexeme := quote_literal((ts_lexize(v_dict, v_word))[1]);
    v_replacement := catalog_search.word_query(v_word, p_locale);
    continue when v_lexeme is null or v_replacement is null or v_replacement = v_lexeme;
    v_query := replace(v_query, v_lexeme, v_replacement);
    v_changed := true;
  end loop;
  return case when v_changed then v_query::tsquery end;
end $$;

-- As catalog_search.any_word_query(text), in the buyer's language.
create or replace function catalog_search.any_word_query(q text, p_locale text) returns tsquery
language sql stable set search_path = '' as $$
  select case when p_locale = 'en' then catalog_search.any_word_query(q) else
    (select string_agg(distinct catalog_search.word_query(m[1], p_locale), ' | ')::tsquery
       from regexp_matches(regexp_replace(lower(q), '(^|\s)-\S+', ' ', 'g'), '[[:alpha:]]+', 'g') as m
      where catalog_search.word_query(m[1], p_locale) is not null) end
$$;

alter type public.pattern_hit add attribute title_translations jsonb;

-- As 20261202008000_craft_facets.sql, with the titles' translations.
create or replace function public.followed_new_patterns(p_limit integer default 8)
returns setof public.pattern_hit
language sql stable set search_path = '' as $$
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         null::real, null::text, null::bigint, r.rating_avg::numeric, coalesce(r.review_count, 0), p.yarn_weight, p.needle_mm::numeric,
         (select jsonb_object_agg(t.locale, t.title order by t.locale) from public.pattern_translations t where t.pattern_id = p.id)
    from public.follows f
    join public.patterns p on p.store_id = f.store_id and p.status = 'published'
    join public.stores s on s.id = p.store_id
    left join public.pattern_ratings r on r.pattern_id = p.id
   where f.follower_id = (select auth.uid())
   order by p.published_at desc, p.id
   limit least(greatest(coalesce(p_limit, 8), 1), 48)
$$;

drop function if exists public.search_patterns(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, integer, text, integer, numeric, integer, integer);
drop function if exists public.search_facet_counts(text, text, text, integer, integer, text, text, integer, integer, boolean,
  numeric, numeric, numeric, uuid, text, integer, numeric, integer, integer, integer[]);
drop function if exists public.suggest_patterns(text, integer);

-- As 20261202008000_craft_facets.sql, plus `locale` (the buyer's language: how the words are
-- read, see buyer_query and the typo fallbacks); rows carry title_translations.
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

-- As 20261202008000_craft_facets.sql, plus `locale`, read as search_patterns reads it.
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
  yarn_steps integer[] default null,
  locale text default 'en'
) returns table (facet text, value numeric, patterns bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_q text := nullif(btrim(search_facet_counts.q), '');
  v_locale text := coalesce(search_facet_counts.locale, 'en');
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
  perform catalog_search.check_locale(v_locale);
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
    v_tsq := catalog_search.buyer_query(v_q, v_locale);
    v_match := 'd.search_vector @@ $16';
    -- the fallbacks of search_patterns: when the words match nothing, their corrections
    execute format('select exists (select 1 from catalog_search.documents d where %s and %s)', v_filter, v_match) into v_found
      using search_facet_counts.craft, search_facet_counts.category, search_facet_counts.difficulty_min, search_facet_counts.difficulty_max,
            search_facet_counts.format, search_facet_counts.language, v_min_eur, v_max_eur, v_free, search_facet_counts.bust,
            search_facet_counts.waist, search_facet_counts.hip, search_facet_counts.store_id, null::integer, null::integer, v_tsq,
            search_facet_counts.price_min_cents, search_facet_counts.price_max_cents, v_rate,
            search_facet_counts.yarn_weight, search_facet_counts.needle_mm, search_facet_counts.gauge_stitches, search_facet_counts.yarn_max_m;
    if not v_found then
      foreach v_fallback in array array[catalog_search.corrected_query(v_q, v_locale), catalog_search.any_word_query(v_q, v_locale)] loop
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
  numeric, numeric, numeric, uuid, text, integer, numeric, integer, integer, integer[], text) to anon, authenticated;

-- "Did you mean" in the buyer's language: as catalog_search.corrected_words(text)
-- (20261202008100; for 'en' that function itself), a word known by its stem in the buyer's
-- language, the corrected query checked as search_patterns reads it.
create or replace function catalog_search.corrected_words(q text, p_locale text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_words text[] := array(select m[1] from regexp_matches(lower(q), '[[:alpha:]]+', 'g') with ordinality as t(m, n) order by n);
  v_options text[] := '{}';      -- per word, its choices joined by '|'
  v_word text;
  v_lexeme text;
  v_close text[];
  v_changed boolean := false;
  v_combos text[] := array[''];
  v_next text[];
  v_combo text;
  v_choice text;
  v_dict regdictionary := catalog_search.stem_dictionary(p_locale);
begin
  if p_locale = 'en' then
    return catalog_search.corrected_words(q);
  end if;
  if cardinality(v_words) = 0 or cardinality(v_words) > 8 then
    return null;
  end if;
  foreach v_word in array v_words loop
    v_lexeme := (ts_lexize(v_dict, v_word))[1];
    if v_lexeme is null or char_length(v_word) < 3
       or exists (select 1 from catalog_search.words w where w.word = v_word or w.lexeme = (ts_lexize('english_stem', v_word))[1])
       or exists (select 1 from catalog_search.documents d where d.head_vector @@ quote_literal(v_lexeme)::tsquery) then
      v_close := array[v_word];
    else
      v_close := catalog_search.close_words(v_word);
      if cardinality(v_close) = 0 then
        v_close := array[v_word]; -- perhaps a word of a description: kept
      else
        v_changed := true;
      end if;
    end if;
    -- every combination so far × this word's choices, best first (at most 27 kept)
    v_next := '{}';
    foreach v_combo in array v_combos loop
      foreach v_choice in array v_close loop
        v_next := v_next || btrim(v_combo || ' ' || v_choice);
      end loop;
    end loop;
    v_combos := v_next[1:27];
  end loop;
  if not v_changed then
    return null;
  end if;
  foreach v_combo in array v_combos loop
    continue when v_combo = array_to_string(v_words, ' ');
    if exists (select 1 from catalog_search.documents d where d.search_vector @@ catalog_search.buyer_query(v_combo, p_locale)) then
      return v_combo;
    end if;
  end loop;
  return null;
end $$;


-- As 20261202008100_did_you_mean_corrected_query.sql, plus `locale`.
create or replace function public.suggest_patterns(q text, "limit" integer default 5, locale text default 'en')
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

revoke all on all functions in schema catalog_search from public, anon, authenticated;
analyze catalog_search.documents;
