-- RPC functions where the REST interface alone is clumsy. Errors use PostgREST's
-- PTxxx SQLSTATEs so the HTTP status is meaningful (PT403 → 403, PT429 → 429 …).

-- One catalog row with its store, as the cards and search results need it.
create type public.pattern_hit as (
  id uuid,
  store_id uuid,
  store_slug text,
  store_name text,
  title text,
  craft text,
  category text,
  difficulty smallint,
  size_range text,
  price_cents integer,
  currency text,
  languages text[],
  formats text[],
  cover_path text,
  published_at timestamptz,
  sales_count integer,
  rank real,
  matched_by text,     -- 'text' (full-text), 'similar' (typo fallback) or null (no query)
  total_count bigint   -- matching rows before limit/offset
);

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
  v_select := $s$
    select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
           p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
           %s, %L::text, count(*) over ()
      from public.patterns p join public.stores s on s.id = p.store_id
     where %s
     order by %s
     limit $14 offset $15$s$;

  if v_q is null then
    return query execute format(v_select, 'null::real as rank', null, v_filter, v_order)
      using search_patterns.craft, search_patterns.category, search_patterns.difficulty_min, search_patterns.difficulty_max,
            search_patterns.format, search_patterns.language, search_patterns.price_min_cents, search_patterns.price_max_cents,
            coalesce(search_patterns.free_only, false), search_patterns.bust, search_patterns.waist, search_patterns.hip,
            search_patterns.store_id, v_limit, v_offset, v_tsq, v_q;
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

-- Did-you-mean: close titles and catalogue terms (tags, crafts, categories) for a query.
create table public.search_terms (
  term text primary key,
  kind text not null constraint search_terms_kind_valid check (kind in ('tag', 'craft', 'category'))
);
create index search_terms_trgm_idx on public.search_terms using gin (term extensions.gin_trgm_ops);
alter table public.search_terms enable row level security;
revoke all on public.search_terms from anon, authenticated;
grant select on public.search_terms to anon, authenticated;
create policy search_terms_read on public.search_terms for select to anon, authenticated using (true);

-- Only published patterns contribute terms, so drafts never leak through suggestions.
create or replace function public.collect_search_terms() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.search_terms (term, kind)
  select distinct on (t.term) t.term, t.kind from (
    select lower(unnest(n.tags)) as term, 'tag' as kind from new_rows n where n.status = 'published'
    union all select n.craft, 'craft' from new_rows n where n.status = 'published'
    union all select replace(n.category, '-', ' '), 'category' from new_rows n where n.status = 'published'
  ) t
  where char_length(t.term) between 2 and 60
  on conflict (term) do nothing;
  return null;
end $$;
create trigger patterns_collect_terms_insert after insert on public.patterns
  referencing new table as new_rows for each statement execute function public.collect_search_terms();
create trigger patterns_collect_terms_update after update on public.patterns
  referencing new table as new_rows for each statement execute function public.collect_search_terms();

-- (Uses <% / word_similarity only: on PGlite the % operator hangs for non-superuser roles.)
create or replace function public.suggest_patterns(q text, "limit" integer default 5)
returns table (suggestion text, kind text, score real)
language sql stable
set search_path = public, extensions, pg_temp
set pg_trgm.word_similarity_threshold = 0.4
as $$
  with input as (select lower(btrim(q)) as q)
  select x.suggestion, x.kind, max(x.score) as score
    from (
      select p.title as suggestion, 'title' as kind, word_similarity(i.q, lower(p.title)) as score
        from public.patterns p, input i
       where p.status = 'published' and char_length(i.q) >= 2 and i.q <% p.title
      union all
      select t.term, t.kind, similarity(i.q, t.term)
        from public.search_terms t, input i
       where char_length(i.q) >= 2 and i.q <% t.term
    ) x
   where lower(x.suggestion) <> (select input.q from input)
   group by x.suggestion, x.kind
   order by max(x.score) desc, x.suggestion
   limit least(greatest(coalesce(suggest_patterns."limit", 5), 1), 20)
$$;

-- Published patterns whose size chart covers these body measurements (cm), best sellers first.
create or replace function public.patterns_fitting(
  bust numeric default null, waist numeric default null, hip numeric default null,
  "limit" integer default 24, "offset" integer default 0
) returns setof public.patterns
language sql stable set search_path = '' as $$
  select p.* from public.patterns p
   where p.status = 'published'
     and (patterns_fitting.bust is not null or patterns_fitting.waist is not null or patterns_fitting.hip is not null)
     and (patterns_fitting.bust is null or (p.bust_min_cm - 2 <= patterns_fitting.bust and p.bust_max_cm + 2 >= patterns_fitting.bust))
     and (patterns_fitting.waist is null or (p.waist_min_cm - 2 <= patterns_fitting.waist and p.waist_max_cm + 2 >= patterns_fitting.waist))
     and (patterns_fitting.hip is null or (p.hip_min_cm - 2 <= patterns_fitting.hip and p.hip_max_cm + 2 >= patterns_fitting.hip))
   order by p.sales_count desc, p.published_at desc, p.id
   limit least(greatest(coalesce(patterns_fitting."limit", 24), 1), 100)
  offset greatest(coalesce(patterns_fitting."offset", 0), 0)
$$;

-- "Get" on a free published pattern: adds it to the caller's library (idempotent).
create or replace function public.claim_free_pattern(pattern_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in to add free patterns to your library' using errcode = 'PT401';
  end if;
  select * into v_pattern from public.patterns p where p.id = claim_free_pattern.pattern_id and p.status = 'published';
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  if v_pattern.price_cents <> 0 then
    raise exception 'This pattern is not free' using errcode = 'PT402', hint = 'Buy it from the pattern page.';
  end if;
  -- (no conflict target: its column names would clash with the parameter pattern_id)
  insert into public.entitlements (user_id, pattern_id, source)
  values (v_uid, v_pattern.id, 'free')
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    select e.id into v_id from public.entitlements e
     where e.user_id = v_uid and e.pattern_id = v_pattern.id and e.revoked_at is null;
  end if;
  return v_id;
end $$;
revoke execute on function public.claim_free_pattern(uuid) from public, anon;

-- How many downloads of one pattern a buyer may make per rolling hour.
create or replace function public.download_limit_per_hour() returns integer
language sql immutable set search_path = '' as $$ select 10 $$;

create or replace function public.download_allowance(pattern_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select greatest(public.download_limit_per_hour() - count(*)::integer, 0)
    from public.downloads d
   where d.user_id = auth.uid() and d.pattern_id = download_allowance.pattern_id
     and d.created_at > now() - interval '1 hour'
$$;

-- Checks the entitlement and the rate limit, records the download, and returns the file
-- to fetch from bucket pattern-files. The store's own members are not limited.
create or replace function public.record_download(pattern_id uuid, format text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_file public.pattern_files;
  v_owner boolean;
  v_recent integer;
begin
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  if record_download.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', record_download.format using errcode = '22023',
      hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  v_owner := exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                      where p.id = record_download.pattern_id and s.owner_id = v_uid);
  if not v_owner and not public.has_entitlement(record_download.pattern_id) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
  select * into v_file from public.pattern_files f
   where f.pattern_id = record_download.pattern_id and f.format = record_download.format;
  if not found then
    raise exception 'This pattern has no % file yet', record_download.format using errcode = 'PT404',
      detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
  end if;
  if not v_owner then
    -- serialise concurrent downloads of one buyer × pattern so the limit holds
    perform pg_advisory_xact_lock(hashtext(v_uid::text || record_download.pattern_id::text));
    select count(*) into v_recent from public.downloads d
     where d.user_id = v_uid and d.pattern_id = record_download.pattern_id and d.created_at > now() - interval '1 hour';
    if v_recent >= public.download_limit_per_hour() then
      raise exception 'Download limit reached: % downloads of this pattern per hour', public.download_limit_per_hour()
        using errcode = 'PT429', detail = 'limit_reached', hint = 'Try again in an hour; your purchase stays in your library.';
    end if;
  end if;
  insert into public.downloads (user_id, pattern_id, pattern_file_id, format, version)
  values (v_uid, record_download.pattern_id, v_file.id, v_file.format, v_file.version);
  return jsonb_build_object(
    'bucket', 'pattern-files', 'storage_path', v_file.storage_path, 'format', v_file.format,
    'version', v_file.version, 'size_bytes', v_file.size_bytes, 'sha256', v_file.sha256,
    'remaining', case when v_owner then null else public.download_limit_per_hour() - v_recent - 1 end);
end $$;
revoke execute on function public.record_download(uuid, text) from public, anon;

-- A new till key for a store the caller owns; the plain key is returned once, only its hash kept.
create or replace function public.create_pos_key(store_id uuid, name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_key text := 'shpos_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_id uuid;
begin
  if not public.owns_store(create_pos_key.store_id) then
    raise exception 'Store not found' using errcode = 'PT404';
  end if;
  insert into public.pos_keys (store_id, name, prefix, key_hash, created_by)
  values (create_pos_key.store_id, create_pos_key.name, left(v_key, 12),
          encode(extensions.digest(v_key, 'sha256'), 'hex'), auth.uid())
  returning id into v_id;
  return jsonb_build_object('id', v_id, 'key', v_key, 'prefix', left(v_key, 12));
end $$;
revoke execute on function public.create_pos_key(uuid, text) from public, anon;

-- The public directory of approved partners (company and website only).
create or replace function public.partner_directory(programme text default null)
returns table (company text, website text, kind text, partner_since timestamptz)
language sql stable security definer set search_path = '' as $$
  select a.company, a.website, a.kind, a.reviewed_at
    from public.partner_applications a
   where a.status = 'approved' and (partner_directory.programme is null or a.kind = partner_directory.programme)
   order by a.company
$$;
