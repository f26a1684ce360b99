-- Supplier kits (issue #12): an approved supplier (role `supplier` in user_roles, granted by an
-- approved partner_applications row of kind 'supplier') lists fabric-and-notions bundles against
-- published patterns, with a price and a link to their own shop. The pattern page shows them
-- under "Kits for this pattern"; each click through to the shop is counted in kit_clicks (the
-- supplier's "kit clicks" report reads kit_clicks(kit_id, clicked_at)).

create table public.kits (
  id uuid primary key default gen_random_uuid(),
  supplier_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  title text not null constraint kits_title_length check (char_length(btrim(title)) between 3 and 120),
  description text not null default '' constraint kits_description_length check (char_length(description) <= 1000),
  -- minor units; a kit is sold by the supplier, never free
  price_cents integer not null constraint kits_price_range check (price_cents between 1 and 10000000),
  currency text not null constraint kits_currency_supported check (currency in ('EUR', 'GBP', 'USD')),
  -- the supplier's shop page for this kit: https only (no javascript:, data: or plain http)
  url text not null constraint kits_url_https check (char_length(url) <= 2000 and url ~ '^https://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(:[0-9]{1,5})?([/?#][^[:space:]]*)?$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz
);
create index kits_pattern_idx on public.kits (pattern_id, created_at) where archived_at is null;
create index kits_supplier_idx on public.kits (supplier_id, created_at desc);
create trigger kits_touch before update on public.kits
  for each row execute function public.touch_updated_at();

-- One row per counted click; written only by record_kit_click(). `visitor` is a hash of who
-- clicked (the signed-in user, else the client address the platform's proxy reports), kept
-- only to leave out repeats; it is never shown.
create table public.kit_clicks (
  id bigint generated always as identity primary key,
  kit_id uuid not null references public.kits (id) on delete cascade,
  clicked_at timestamptz not null default now(),
  visitor text not null
);
create index kit_clicks_kit_idx on public.kit_clicks (kit_id, clicked_at);
create index kit_clicks_visitor_idx on public.kit_clicks (visitor, clicked_at);

-- Whether a user is an approved supplier now (a later rejection removes the role and hides their kits).
create or replace function public.is_supplier(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'supplier')
$$;
grant execute on function public.is_supplier(uuid) to anon, authenticated, service_role;

-- Messages written for people (P0001 reaches the screen as written, shared/src/errors.ts); the
-- table's constraints stay as the last word for any other writer.
create or replace function public.check_kit() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.title := btrim(new.title);
  new.url := btrim(new.url);
  new.currency := upper(btrim(new.currency));
  if char_length(new.title) < 3 or char_length(new.title) > 120 then
    raise exception 'A kit title needs 3 to 120 characters' using hint = 'Name what is in the bundle, e.g. "Linen and buttons for the Harbour Dress".';
  end if;
  if char_length(new.description) > 1000 then
    raise exception 'A kit description can be at most 1000 characters';
  end if;
  if new.price_cents is null or new.price_cents < 1 or new.price_cents > 10000000 then
    raise exception 'A kit price must be more than 0 and at most 100000.00'
      using hint = 'Prices are in minor units (cents): 2450 is 24.50.';
  end if;
  if new.currency not in ('EUR', 'GBP', 'USD') then
    raise exception 'Kit prices can be in EUR, GBP or USD, not %', new.currency;
  end if;
  if char_length(new.url) > 2000
     or new.url !~ '^https://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
    raise exception 'The shop link must be a full https:// address of your shop'
      using hint = 'For example https://yourshop.example/kits/harbour-dress';
  end if;
  if (tg_op = 'INSERT' or new.pattern_id is distinct from old.pattern_id)
     and not exists (select 1 from public.patterns p where p.id = new.pattern_id and p.status = 'published') then
    raise exception 'Kits can only be listed for published patterns' using hint = 'Pick a pattern from the catalog.';
  end if;
  return new;
end $$;
create trigger kits_check before insert or update on public.kits
  for each row execute function public.check_kit();

alter table public.kits enable row level security;
alter table public.kit_clicks enable row level security;
revoke all on public.kits, public.kit_clicks from anon, authenticated;

-- Everyone reads live kits (not archived, pattern published, supplier still approved); a
-- supplier reads all of their own, archived ones too; operators read everything.
grant select on public.kits to anon, authenticated;
create policy kits_read_live on public.kits for select to anon, authenticated
  using (archived_at is null
         and exists (select 1 from public.patterns p where p.id = pattern_id and p.status = 'published')
         and public.is_supplier(supplier_id));
create policy kits_read_own on public.kits for select to authenticated
  using (supplier_id = (select auth.uid()) or (select public.is_operator()));

-- Only approved suppliers write, and only their own kits (supplier_id is never granted: it is
-- the caller). Kits are archived, not deleted, so their clicks stay in the reports.
grant insert (pattern_id, title, description, price_cents, currency, url) on public.kits to authenticated;
create policy kits_supplier_create on public.kits for insert to authenticated
  with check (supplier_id = (select auth.uid()) and (select public.has_role('supplier')));
grant update (pattern_id, title, description, price_cents, currency, url, archived_at) on public.kits to authenticated;
create policy kits_supplier_edit on public.kits for update to authenticated
  using (supplier_id = (select auth.uid()) and (select public.has_role('supplier')))
  with check (supplier_id = (select auth.uid()) and (select public.has_role('supplier')));

-- Clicks: the kit's supplier and operators read them; nobody writes them but record_kit_click().
grant select (kit_id, clicked_at) on public.kit_clicks to anon, authenticated;
create policy kit_clicks_read on public.kit_clicks for select to authenticated
  using (kit_id in (select k.id from public.kits k where k.supplier_id = (select auth.uid()))
         or (select public.is_operator()));

-- Computed columns for PostgREST (`select=…,supplier_name,clicks`).
-- The approved supplier's company, as the public directory (partner_directory) shows it.
create or replace function public.supplier_name(k public.kits) returns text
language sql stable security definer set search_path = '' as $$
  select a.company from public.partner_applications a
   where a.user_id = k.supplier_id and a.kind = 'supplier' and a.status = 'approved'
$$;
grant execute on function public.supplier_name(public.kits) to anon, authenticated, service_role;

-- Counted clicks of a kit, as the caller may see them (RLS: only its supplier and operators count > 0).
create or replace function public.clicks(k public.kits) returns bigint
language sql stable set search_path = '' as $$
  select count(*) from public.kit_clicks c where c.kit_id = k.id
$$;
grant execute on function public.clicks(public.kits) to anon, authenticated, service_role;

-- Who is clicking, for leaving out repeats: the signed-in user, else the client address the
-- platform's proxy reports (hosted Supabase: cf-connecting-ip / x-forwarded-for), else one
-- shared "signed-out visitor" bucket. Only a hash is stored.
create or replace function public.kit_click_visitor() returns text
language plpgsql stable set search_path = '' as $$
declare
  v_headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  v_address text := coalesce(nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
                             nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
                             nullif(btrim(v_headers ->> 'x-real-ip'), ''));
  v_who text := coalesce('user:' || (select auth.uid())::text, 'address:' || v_address, 'visitor');
begin
  return encode(extensions.digest(v_who, 'sha256'), 'hex');
end $$;
revoke execute on function public.kit_click_visitor() from public, anon, authenticated;

-- Counts a click through to a kit's shop and answers the shop link (the page then opens it).
-- Not counted (the link is still answered): the supplier's own clicks, the same visitor
-- clicking the same kit again within 30 minutes, a visitor's clicks beyond 60 an hour, and a
-- kit's clicks beyond 120 a minute (a burst no real audience makes).
create or replace function public.record_kit_click(kit_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_kit public.kits;
  v_visitor text := public.kit_click_visitor();
begin
  select k.* into v_kit from public.kits k
   where k.id = record_kit_click.kit_id and k.archived_at is null and public.is_supplier(k.supplier_id)
     and exists (select 1 from public.patterns p where p.id = k.pattern_id and p.status = 'published');
  if not found then
    raise exception 'This kit is no longer available' using hint = 'The supplier may have archived it.';
  end if;
  if v_kit.supplier_id is distinct from (select auth.uid())
     and not exists (select 1 from public.kit_clicks c where c.kit_id = v_kit.id and c.visitor = v_visitor
                        and c.clicked_at > now() - interval '30 minutes')
     and (select count(*) from public.kit_clicks c where c.visitor = v_visitor and c.clicked_at > now() - interval '1 hour') < 60
     and (select count(*) from public.kit_clicks c where c.kit_id = v_kit.id and c.clicked_at > now() - interval '1 minute') < 120 then
    insert into public.kit_clicks (kit_id, visitor) values (v_kit.id, v_visitor);
  end if;
  return v_kit.url;
end $$;
revoke execute on function public.record_kit_click(uuid) from public;
grant execute on function public.record_kit_click(uuid) to anon, authenticated, service_role;
