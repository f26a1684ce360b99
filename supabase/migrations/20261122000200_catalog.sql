-- Catalog: stores, patterns (with size chart, yardage, search vector and fit columns),
-- pattern files per format, version history, wholesale prices, what a shop stocks.

-- Words a store address may not take: they collide with routes or impersonate staff.
create or replace function public.is_reserved_slug(p_slug text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(p_slug) = any (array[
    'about', 'account', 'admin', 'administrator', 'api', 'app', 'auth', 'billing', 'checkout',
    'dashboard', 'designers', 'download', 'downloads', 'edit', 'help', 'legal', 'login', 'logout',
    'mail', 'my-store', 'new', 'newsletter', 'null', 'operator', 'partners', 'patterns', 'payment',
    'point-of-sale-integration', 'pricing', 'reports', 'rest', 'retailers', 'root', 'search',
    'settings', 'sign-in', 'sign-up', 'staff', 'stitchhouse', 'storage', 'store', 'stores',
    'support', 'system', 'undefined', 'www'])
$$;

create table public.stores (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  slug text not null
    constraint stores_slug_unique unique
    constraint stores_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) between 3 and 40)
    constraint stores_slug_not_reserved check (not public.is_reserved_slug(slug)),
  kind text not null constraint stores_kind_valid check (kind in ('designer', 'retailer', 'supplier')),
  name text not null constraint stores_name_length check (char_length(btrim(name)) between 1 and 80),
  bio text not null default '' constraint stores_bio_length check (char_length(bio) <= 5000),
  logo_path text,
  banner_path text,
  country text not null default 'US' constraint stores_country_iso check (country ~ '^[A-Z]{2}$'),
  -- the currencies the payment code supports (shared/src/pricing.ts SUPPORTED_CURRENCIES)
  currency text not null default 'USD' constraint stores_currency_supported check (currency in ('EUR', 'GBP', 'USD')),
  -- a retail shop has a street address customers can visit
  address_line1 text,
  address_line2 text,
  city text,
  postal_code text,
  region text,
  payout_account_id text,
  payouts_enabled boolean not null default false,
  plan text not null default 'free' constraint stores_plan_valid check (plan in ('free', 'pro')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint stores_retailer_address check (
    kind <> 'retailer' or (nullif(btrim(address_line1), '') is not null and nullif(btrim(city), '') is not null
                           and nullif(btrim(postal_code), '') is not null))
);
create index stores_owner_idx on public.stores (owner_id);
create trigger stores_touch before update on public.stores
  for each row execute function public.touch_updated_at();

-- Friendly messages for the slug rules (the checks above stay as the backstop).
create or replace function public.validate_store_slug() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.slug := btrim(new.slug);
  if char_length(new.slug) < 3 or char_length(new.slug) > 40 then
    raise exception 'Store address must be 3 to 40 characters long'
      using errcode = '23514', hint = 'Use lowercase letters, digits and single hyphens, e.g. "blue-thimble".';
  elsif new.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'Store address may contain only lowercase letters, digits and single hyphens between them'
      using errcode = '23514', hint = 'For example "blue-thimble" or "studio-42".';
  elsif public.is_reserved_slug(new.slug) then
    raise exception 'The store address "%" is reserved', new.slug
      using errcode = '23514', hint = 'Choose another address, for example your studio''s name.';
  end if;
  return new;
end $$;
create trigger stores_validate_slug before insert or update of slug on public.stores
  for each row execute function public.validate_store_slug();

-- Opening a store gives its owner the matching role.
create or replace function public.grant_store_role() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.user_roles (user_id, role) values (new.owner_id, new.kind) on conflict do nothing;
  return new;
end $$;
create trigger stores_grant_role after insert on public.stores
  for each row execute function public.grant_store_role();

-- Store ids the caller owns (policies use `store_id in (select public.my_store_ids())`,
-- evaluated once per statement instead of once per row).
create or replace function public.my_store_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.stores s where s.owner_id = (select auth.uid())
$$;

create or replace function public.owns_store(p_store_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.stores s where s.id = p_store_id and s.owner_id = (select auth.uid()))
$$;

create table public.patterns (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  title text not null constraint patterns_title_length check (char_length(btrim(title)) between 1 and 120),
  description text not null default '' constraint patterns_description_length check (char_length(description) <= 20000),
  craft text not null constraint patterns_craft_valid check (craft in (
    'sewing', 'quilting', 'knitting', 'crochet', 'embroidery', 'cross-stitch', 'weaving', 'macrame', 'toys', 'bags')),
  category text not null constraint patterns_category_format check (category ~ '^[a-z][a-z0-9-]{0,39}$'),
  difficulty smallint not null default 2 constraint patterns_difficulty_range check (difficulty between 1 and 5),
  size_range text not null default '' constraint patterns_size_range_length check (char_length(size_range) <= 40),
  -- { "sizes": [ { "label", "bust", "waist", "hip", "finished": {…} } ] } in cm, grading order
  size_chart jsonb not null default '{"sizes": []}'
    constraint patterns_size_chart_shape check (jsonb_typeof(size_chart) = 'object' and jsonb_typeof(size_chart -> 'sizes') = 'array'),
  -- [ { "fabric", "width_cm", "metres_by_size": { label: metres } } ]
  yardage jsonb not null default '[]' constraint patterns_yardage_shape check (jsonb_typeof(yardage) = 'array'),
  -- maintained from size_chart by trigger; indexed for the "fits me" filter
  bust_min_cm numeric(5, 1), bust_max_cm numeric(5, 1),
  waist_min_cm numeric(5, 1), waist_max_cm numeric(5, 1),
  hip_min_cm numeric(5, 1), hip_max_cm numeric(5, 1),
  formats text[] not null default '{}'
    constraint patterns_formats_valid check (formats <@ array['a4', 'us_letter', 'a0', 'projector']),
  notions text[] not null default '{}',
  languages text[] not null default '{en}'
    constraint patterns_languages_iso check (cardinality(languages) >= 1 and array_to_string(languages, ',') ~ '^[a-z]{2}(,[a-z]{2})*$'),
  tags text[] not null default '{}' constraint patterns_tags_count check (cardinality(tags) <= 20),
  licence text not null default 'personal' constraint patterns_licence_valid check (licence in ('personal', 'small_business')),
  price_cents integer not null default 0 constraint patterns_price_nonnegative check (price_cents >= 0 and price_cents <= 100000000)
    -- free (0) or at least the minimum paid price (shared/src/pricing.ts MIN_PAID_PRICE)
    constraint patterns_price_minimum check (price_cents = 0 or price_cents >= 100),
  currency text not null default 'USD' constraint patterns_currency_supported check (currency in ('EUR', 'GBP', 'USD')),
  status text not null default 'draft' constraint patterns_status_valid check (status in ('draft', 'published', 'archived')),
  cover_path text,
  gallery_paths text[] not null default '{}', -- display order = array order
  current_version integer not null default 1 constraint patterns_version_positive check (current_version >= 1),
  published_at timestamptz,
  sales_count integer not null default 0 constraint patterns_sales_nonnegative check (sales_count >= 0),
  search_vector tsvector not null default ''::tsvector,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint patterns_id_store_unique unique (id, store_id),
  constraint patterns_published_has_date check (status <> 'published' or published_at is not null)
);

-- Catalog filters and sorts (all on published rows).
create index patterns_search_idx on public.patterns using gin (search_vector);
create index patterns_title_trgm_idx on public.patterns using gin (title extensions.gin_trgm_ops);
create index patterns_store_idx on public.patterns (store_id, status);
create index patterns_published_newest_idx on public.patterns (published_at desc) where status = 'published';
create index patterns_published_price_idx on public.patterns (price_cents, published_at desc) where status = 'published';
create index patterns_published_sales_idx on public.patterns (sales_count desc, published_at desc) where status = 'published';
create index patterns_craft_idx on public.patterns (craft, category, published_at desc) where status = 'published';
create index patterns_difficulty_idx on public.patterns (difficulty) where status = 'published';
create index patterns_languages_idx on public.patterns using gin (languages);
create index patterns_formats_idx on public.patterns using gin (formats);
create index patterns_tags_idx on public.patterns using gin (tags);
create index patterns_fit_hip_idx on public.patterns (hip_min_cm, hip_max_cm) where status = 'published';
create index patterns_fit_bust_idx on public.patterns (bust_min_cm, bust_max_cm) where status = 'published';

-- Derives the search vector, the fit columns and published_at, and stops owners
-- from editing counters the platform keeps.
create or replace function public.prepare_pattern() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_sizes jsonb := coalesce(new.size_chart -> 'sizes', '[]'::jsonb);
begin
  if exists (select 1 from jsonb_array_elements(v_sizes) e where jsonb_typeof(e.value) <> 'object'
               or jsonb_typeof(e.value -> 'label') is distinct from 'string'
               or (e.value ? 'bust' and jsonb_typeof(e.value -> 'bust') <> 'number')
               or (e.value ? 'waist' and jsonb_typeof(e.value -> 'waist') <> 'number')
               or (e.value ? 'hip' and jsonb_typeof(e.value -> 'hip') <> 'number')) then
    raise exception 'Size chart is malformed: each size needs a text "label" and numeric bust/waist/hip in cm'
      using errcode = '23514', hint = '{"sizes":[{"label":"S","bust":84,"waist":66,"hip":90}]}';
  end if;
  if exists (select 1 from jsonb_array_elements(new.yardage) e where jsonb_typeof(e.value) <> 'object'
               or jsonb_typeof(e.value -> 'fabric') is distinct from 'string'
               or jsonb_typeof(e.value -> 'width_cm') is distinct from 'number'
               or jsonb_typeof(e.value -> 'metres_by_size') is distinct from 'object') then
    raise exception 'Yardage is malformed: each entry needs "fabric", numeric "width_cm" and "metres_by_size"'
      using errcode = '23514', hint = '[{"fabric":"Main fabric","width_cm":150,"metres_by_size":{"S":1.9}}]';
  end if;

  select min((e.value ->> 'bust')::numeric), max((e.value ->> 'bust')::numeric),
         min((e.value ->> 'waist')::numeric), max((e.value ->> 'waist')::numeric),
         min((e.value ->> 'hip')::numeric), max((e.value ->> 'hip')::numeric)
    into new.bust_min_cm, new.bust_max_cm, new.waist_min_cm, new.waist_max_cm, new.hip_min_cm, new.hip_max_cm
    from jsonb_array_elements(v_sizes) e;

  new.search_vector :=
    setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(new.tags, ' ') || ' ' || new.craft || ' ' || replace(new.category, '-', ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(new.description, '')), 'C');

  if tg_op = 'INSERT' then
    new.sales_count := 0;
    new.published_at := case when new.status = 'published' then coalesce(new.published_at, now()) end;
  else
    -- counters and history belong to the platform, not the editing store
    if current_user in ('anon', 'authenticated') then
      new.sales_count := old.sales_count;
      new.created_at := old.created_at;
      new.published_at := old.published_at;
    end if;
    if new.status = 'published' and old.status <> 'published' and new.published_at is not distinct from old.published_at then
      new.published_at := coalesce(old.published_at, now());
    end if;
    if new.status = 'published' and new.published_at is null then
      new.published_at := now();
    end if;
    new.updated_at := now();
  end if;
  return new;
end $$;
create trigger patterns_prepare before insert or update on public.patterns
  for each row execute function public.prepare_pattern();

-- Wholesale price of printed copies, apart from patterns so that row-level security can
-- hide it: only the owning store, approved wholesale accounts and operators see it.
-- (Column privileges on patterns would break PostgREST's select=*.)
create table public.pattern_wholesale_prices (
  pattern_id uuid primary key,
  store_id uuid not null,
  price_cents integer not null constraint pattern_wholesale_prices_nonnegative check (price_cents >= 0 and price_cents <= 100000000),
  currency text not null default 'USD' constraint pattern_wholesale_prices_currency_iso check (currency ~ '^[A-Z]{3}$'),
  min_quantity integer not null default 3 constraint pattern_wholesale_prices_min_quantity check (min_quantity >= 1),
  updated_at timestamptz not null default now(),
  foreign key (pattern_id, store_id) references public.patterns (id, store_id) on delete cascade
);
create trigger pattern_wholesale_prices_touch before update on public.pattern_wholesale_prices
  for each row execute function public.touch_updated_at();

-- One file per pattern × format; the version counts re-uploads.
create table public.pattern_files (
  id uuid primary key default gen_random_uuid(),
  pattern_id uuid not null,
  store_id uuid not null,
  format text not null constraint pattern_files_format_valid check (format in ('a4', 'us_letter', 'a0', 'projector')),
  version integer not null default 1 constraint pattern_files_version_positive check (version >= 1),
  storage_path text not null constraint pattern_files_path_unique unique,
  size_bytes bigint not null constraint pattern_files_size_range check (size_bytes > 0 and size_bytes <= 209715200),
  sha256 text not null constraint pattern_files_sha256_hex check (sha256 ~ '^[0-9a-f]{64}$'),
  changelog text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pattern_files_one_per_format unique (pattern_id, format),
  -- <store_id>/<pattern_id>/<format>/v<version>.pdf (or .zip) in bucket pattern-files
  constraint pattern_files_path_layout check (
    storage_path = store_id::text || '/' || pattern_id::text || '/' || format || '/v' || version::text || '.pdf'
    or storage_path = store_id::text || '/' || pattern_id::text || '/' || format || '/v' || version::text || '.zip'),
  foreign key (pattern_id, store_id) references public.patterns (id, store_id) on delete cascade
);
create trigger pattern_files_touch before update on public.pattern_files
  for each row execute function public.touch_updated_at();

-- What changed in each version (errata notices for buyers).
create table public.pattern_versions (
  id uuid primary key default gen_random_uuid(),
  pattern_id uuid not null,
  store_id uuid not null,
  version integer not null constraint pattern_versions_version_positive check (version >= 1),
  changes text not null constraint pattern_versions_changes_length check (char_length(btrim(changes)) between 1 and 5000),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  constraint pattern_versions_unique unique (pattern_id, version),
  foreign key (pattern_id, store_id) references public.patterns (id, store_id) on delete cascade
);

-- Designers' patterns a retail shop carries in its storefront.
create table public.store_stock (
  store_id uuid not null references public.stores (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  printed_copies integer not null default 0 constraint store_stock_copies_nonnegative check (printed_copies >= 0),
  created_at timestamptz not null default now(),
  primary key (store_id, pattern_id)
);
create index store_stock_pattern_idx on public.store_stock (pattern_id);
