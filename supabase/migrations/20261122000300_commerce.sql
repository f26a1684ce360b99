-- Commerce and programmes: orders, entitlements, downloads, subscriptions, wholesale
-- accounts, partner applications, reports, newsletter, point of sale, payment events.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- printed on stamped PDFs and receipts
  number bigint generated always as identity (start with 100001) constraint orders_number_unique unique,
  -- kept for the stores' accounts when a buyer deletes their account
  buyer_id uuid references auth.users (id) on delete set null,
  buyer_email text,
  status text not null default 'pending' constraint orders_status_valid check (status in ('pending', 'paid', 'refunded', 'failed')),
  currency text not null constraint orders_currency_iso check (currency ~ '^[A-Z]{3}$'),
  subtotal_cents integer not null constraint orders_subtotal_nonnegative check (subtotal_cents >= 0),
  platform_fee_cents integer not null default 0 constraint orders_fee_nonnegative check (platform_fee_cents >= 0),
  total_cents integer not null constraint orders_total_nonnegative check (total_cents >= 0),
  provider text not null default 'sandbox' constraint orders_provider_valid check (provider in ('stripe', 'sandbox', 'free')),
  provider_session_id text constraint orders_provider_session_unique unique,
  provider_payment_intent_id text,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  refunded_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint orders_fee_within_total check (platform_fee_cents <= total_cents)
);
create index orders_buyer_idx on public.orders (buyer_id, created_at desc);
create trigger orders_touch before update on public.orders
  for each row execute function public.touch_updated_at();

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete restrict,
  store_id uuid not null references public.stores (id) on delete restrict,
  kind text not null default 'digital' constraint order_items_kind_valid check (kind in ('digital', 'wholesale_print')),
  quantity integer not null default 1 constraint order_items_quantity_positive check (quantity >= 1),
  unit_price_cents integer not null constraint order_items_price_nonnegative check (unit_price_cents >= 0),
  platform_fee_cents integer not null default 0 constraint order_items_fee_nonnegative check (platform_fee_cents >= 0),
  currency text not null constraint order_items_currency_iso check (currency ~ '^[A-Z]{3}$'),
  licence text not null default 'personal' constraint order_items_licence_valid check (licence in ('personal', 'small_business')),
  created_at timestamptz not null default now(),
  constraint order_items_one_per_pattern unique (order_id, pattern_id, kind)
);
create index order_items_store_idx on public.order_items (store_id, created_at desc);
create index order_items_pattern_idx on public.order_items (pattern_id);

-- The right to download a pattern. A paid digital order item grants one; a refund revokes it.
create table public.entitlements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  order_item_id uuid constraint entitlements_order_item_unique unique references public.order_items (id) on delete set null,
  source text not null constraint entitlements_source_valid check (source in ('purchase', 'free', 'grant')),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoke_reason text,
  constraint entitlements_purchase_has_item check (source <> 'purchase' or order_item_id is not null or revoked_at is not null)
);
create unique index entitlements_active_unique on public.entitlements (user_id, pattern_id) where revoked_at is null;
create index entitlements_pattern_idx on public.entitlements (pattern_id);

create or replace function public.has_entitlement(p_pattern_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.entitlements e
                  where e.user_id = (select auth.uid()) and e.pattern_id = p_pattern_id and e.revoked_at is null)
$$;

-- Fulfilment lives here, once: whatever code marks an order paid or refunded, the
-- entitlements and best-seller counts follow.
create or replace function public.grant_order_item(p_item public.order_items, p_buyer uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_item.kind <> 'digital' or p_buyer is null then return; end if;
  insert into public.entitlements (user_id, pattern_id, order_item_id, source)
  values (p_buyer, p_item.pattern_id, p_item.id, 'purchase')
  on conflict do nothing;
  update public.patterns set sales_count = sales_count + p_item.quantity where id = p_item.pattern_id;
end $$;

create or replace function public.fulfil_order_status() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_item public.order_items;
begin
  if new.status = 'paid' and (tg_op = 'INSERT' or old.status <> 'paid') then
    new.paid_at := coalesce(new.paid_at, now());
  elsif new.status = 'refunded' and (tg_op = 'INSERT' or old.status <> 'refunded') then
    new.refunded_at := coalesce(new.refunded_at, now());
  end if;
  if tg_op = 'UPDATE' and new.status = 'paid' and old.status <> 'paid' then
    for v_item in select * from public.order_items i where i.order_id = new.id loop
      perform public.grant_order_item(v_item, new.buyer_id);
    end loop;
  elsif tg_op = 'UPDATE' and new.status = 'refunded' and old.status = 'paid' then
    update public.entitlements e set revoked_at = now(), revoke_reason = 'refunded'
     where e.revoked_at is null and e.order_item_id in (select i.id from public.order_items i where i.order_id = new.id);
    update public.patterns p set sales_count = greatest(p.sales_count - i.quantity, 0)
      from public.order_items i where i.order_id = new.id and i.kind = 'digital' and p.id = i.pattern_id;
  end if;
  return new;
end $$;
create trigger orders_fulfil before insert or update of status on public.orders
  for each row execute function public.fulfil_order_status();

create or replace function public.fulfil_new_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = new.order_id;
  if v_order.status = 'paid' then
    perform public.grant_order_item(new, v_order.buyer_id);
  end if;
  return new;
end $$;
create trigger order_items_fulfil after insert on public.order_items
  for each row execute function public.fulfil_new_item();

create table public.downloads (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  pattern_file_id uuid references public.pattern_files (id) on delete set null,
  format text not null constraint downloads_format_valid check (format in ('a4', 'us_letter', 'a0', 'projector')),
  version integer not null,
  created_at timestamptz not null default now()
);
create index downloads_limit_idx on public.downloads (user_id, pattern_id, created_at desc);
create index downloads_pattern_idx on public.downloads (pattern_id, created_at desc);

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  plan text not null constraint subscriptions_plan_valid check (plan in ('free', 'pro')),
  status text not null constraint subscriptions_status_valid check (status in ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete')),
  provider text not null default 'sandbox' constraint subscriptions_provider_valid check (provider in ('stripe', 'sandbox')),
  provider_customer_id text,
  provider_subscription_id text constraint subscriptions_provider_unique unique,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_period_order check (current_period_end is null or current_period_start is null or current_period_end > current_period_start)
);
create index subscriptions_store_idx on public.subscriptions (store_id, created_at desc);
create trigger subscriptions_touch before update on public.subscriptions
  for each row execute function public.touch_updated_at();

create table public.wholesale_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint wholesale_accounts_one_per_user unique references auth.users (id) on delete cascade,
  store_id uuid references public.stores (id) on delete set null,
  business_name text not null constraint wholesale_accounts_business_name_length check (char_length(btrim(business_name)) between 2 and 120),
  tax_id text not null constraint wholesale_accounts_tax_id_format check (tax_id ~ '^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$'),
  address_line1 text not null constraint wholesale_accounts_address_present check (char_length(btrim(address_line1)) between 3 and 200),
  address_line2 text,
  city text not null constraint wholesale_accounts_city_present check (char_length(btrim(city)) between 1 and 100),
  postal_code text not null constraint wholesale_accounts_postal_present check (char_length(btrim(postal_code)) between 2 and 20),
  region text,
  country text not null constraint wholesale_accounts_country_iso check (country ~ '^[A-Z]{2}$'),
  website text constraint wholesale_accounts_website_url check (website is null or website ~ '^https?://[^\s]+$'),
  status text not null default 'pending' constraint wholesale_accounts_status_valid check (status in ('pending', 'approved', 'rejected')),
  reviewer_id uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint wholesale_accounts_rejection_reason check (status <> 'rejected' or nullif(btrim(reason), '') is not null),
  constraint wholesale_accounts_reviewed check (status = 'pending' or reviewed_at is not null)
);
create index wholesale_accounts_status_idx on public.wholesale_accounts (status, created_at);
create trigger wholesale_accounts_touch before update on public.wholesale_accounts
  for each row execute function public.touch_updated_at();

create or replace function public.is_wholesale_buyer() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.wholesale_accounts w where w.user_id = (select auth.uid()) and w.status = 'approved')
$$;

create table public.partner_applications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null constraint partner_applications_kind_valid check (kind in ('reseller', 'supplier')),
  company text not null constraint partner_applications_company_length check (char_length(btrim(company)) between 2 and 120),
  website text not null constraint partner_applications_website_url check (website ~ '^https?://[^\s]+$'),
  message text not null default '' constraint partner_applications_message_length check (char_length(message) <= 4000),
  status text not null default 'pending' constraint partner_applications_status_valid check (status in ('pending', 'approved', 'rejected')),
  reviewer_id uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint partner_applications_one_per_kind unique (user_id, kind),
  constraint partner_applications_rejection_reason check (status <> 'rejected' or nullif(btrim(reason), '') is not null),
  constraint partner_applications_reviewed check (status = 'pending' or reviewed_at is not null)
);
create index partner_applications_status_idx on public.partner_applications (kind, status);
create trigger partner_applications_touch before update on public.partner_applications
  for each row execute function public.touch_updated_at();

-- Reviews stamp the reviewer, and approval grants (or a later rejection removes) the role.
create or replace function public.apply_review() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role text := case when tg_table_name = 'wholesale_accounts' then 'wholesale' else to_jsonb(new) ->> 'kind' end;
begin
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    if new.status = 'pending' then
      new.reviewer_id := null; new.reviewed_at := null; new.reason := null;
    else
      new.reviewer_id := coalesce((select auth.uid()), new.reviewer_id);
      new.reviewed_at := now();
    end if;
  elsif tg_op = 'INSERT' and new.status <> 'pending' then
    new.reviewed_at := coalesce(new.reviewed_at, now());
  end if;
  if new.status = 'approved' then
    insert into public.user_roles (user_id, role, granted_by) values (new.user_id, v_role, new.reviewer_id) on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'approved' then
    delete from public.user_roles r where r.user_id = new.user_id and r.role = v_role;
  end if;
  return new;
end $$;
create trigger wholesale_accounts_review before insert or update on public.wholesale_accounts
  for each row execute function public.apply_review();
create trigger partner_applications_review before insert or update on public.partner_applications
  for each row execute function public.apply_review();

-- Named analytics views shown at /reports/{slug}; the data comes from RPCs per report.
create table public.reports (
  slug text primary key constraint reports_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  description text not null,
  audience text not null constraint reports_audience_valid check (audience in ('store', 'operator')),
  parameters jsonb not null default '["from", "to"]',
  sort_order integer not null default 0
);

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint newsletter_subscribers_email_unique unique
    constraint newsletter_subscribers_email_format check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  token text not null default encode(extensions.gen_random_bytes(24), 'hex') constraint newsletter_subscribers_token_unique unique,
  crafts text[] not null default '{}',
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);

-- Till integration keys: only a SHA-256 hash and a display prefix are stored.
create table public.pos_keys (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  name text not null constraint pos_keys_name_length check (char_length(btrim(name)) between 1 and 60),
  prefix text not null constraint pos_keys_prefix_format check (prefix ~ '^shpos_[a-z0-9]{6}$'),
  key_hash text not null constraint pos_keys_hash_unique unique constraint pos_keys_hash_hex check (key_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index pos_keys_store_idx on public.pos_keys (store_id);

-- Printed copies sold in a shop, reported by the till or a CSV upload; royalties owed to the designer.
create table public.pos_sales (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  pos_key_id uuid references public.pos_keys (id) on delete set null,
  pattern_id uuid not null references public.patterns (id) on delete restrict,
  quantity integer not null constraint pos_sales_quantity_positive check (quantity between 1 and 10000),
  unit_price_cents integer not null constraint pos_sales_price_nonnegative check (unit_price_cents >= 0),
  royalty_cents integer not null default 0 constraint pos_sales_royalty_nonnegative check (royalty_cents >= 0),
  currency text not null constraint pos_sales_currency_iso check (currency ~ '^[A-Z]{3}$'),
  source text not null default 'api' constraint pos_sales_source_valid check (source in ('api', 'csv')),
  external_id text not null constraint pos_sales_external_id_length check (char_length(external_id) between 1 and 100),
  sold_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- a till resending the same sale is applied once
  constraint pos_sales_once unique (store_id, external_id)
);
create index pos_sales_pattern_idx on public.pos_sales (pattern_id, sold_at desc);

-- Every provider webhook event, so each is applied exactly once.
create table public.payment_events (
  id uuid primary key default gen_random_uuid(),
  provider text not null constraint payment_events_provider_valid check (provider in ('stripe', 'sandbox')),
  provider_event_id text not null,
  type text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  error text,
  constraint payment_events_once unique (provider, provider_event_id)
);
