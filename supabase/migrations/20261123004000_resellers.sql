-- Partners: resellers (issue #12). Applications for both programmes gain an audience and a
-- country and can never be decided by their own applicant; an approved reseller gets a referral
-- code; a visit with ?ref=CODE records a click (anon RPC); checkout attaches the buyer's last
-- click (within the window the checkout function passes from shared/src/pricing.ts) to the order;
-- on payment each line's commission (a share of the line's platform fee, so never above it) becomes
-- a held payout transfer of kind 'commission' to the reseller, sent and reversed by the same
-- machinery as designers' shares (supabase/functions/_shared/payouts.ts).

-- ───────────── Applications (both programmes) ─────────────
alter table public.partner_applications
  add column audience text not null default ''
    constraint partner_applications_audience_length check (char_length(audience) <= 1000),
  add column country text
    constraint partner_applications_country_iso check (country ~ '^[A-Z]{2}$');
grant insert (audience, country), update (audience, country) on public.partner_applications to authenticated;

-- Nobody decides their own application (an operator who applies is reviewed by another operator).
-- Audience and country are required by the form (shared/src/partners/applications.ts); the columns
-- stay optional here so applications made before them remain valid.
create or replace function public.guard_partner_application() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status <> 'pending' and (tg_op = 'INSERT' or new.status is distinct from old.status)
     and new.user_id = (select auth.uid()) then
    raise exception 'You cannot review your own application'
      using errcode = '42501', hint = 'Another operator decides it.';
  end if;
  return new;
end $$;
create trigger partner_applications_guard before insert or update on public.partner_applications
  for each row execute function public.guard_partner_application();

-- Operators decide in one checked step (the partner-review function calls it as the operator).
create or replace function public.review_partner_application(p_application uuid, p_decision text, p_reason text default null)
returns public.partner_applications
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.partner_applications;
begin
  if not public.is_operator() then
    raise exception 'Only operators review partner applications' using errcode = '42501';
  end if;
  if p_decision not in ('approve', 'reject') then
    raise exception 'The decision is approve or reject' using errcode = '22023';
  end if;
  if p_decision = 'reject' and nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Say why the application is rejected' using errcode = '23514', hint = 'The applicant reads this reason and can apply again.';
  end if;
  if exists (select 1 from public.partner_applications a where a.id = p_application and a.user_id = auth.uid()) then
    raise exception 'You cannot review your own application' using errcode = '42501', hint = 'Another operator decides it.';
  end if;
  update public.partner_applications
     set status = case p_decision when 'approve' then 'approved' else 'rejected' end,
         reason = case p_decision when 'approve' then null else btrim(p_reason) end
   where id = p_application and status = 'pending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This application is not waiting for review any more' using errcode = '22023';
  end if;
  return v_row;
end $$;
revoke execute on function public.review_partner_application(uuid, text, text) from public, anon;
grant execute on function public.review_partner_application(uuid, text, text) to authenticated;

-- The public directory gains the country (same rows: approved applications only).
drop function public.partner_directory(text);
create function public.partner_directory(programme text default null)
returns table (company text, website text, kind text, partner_since timestamptz, country text)
language sql stable security definer set search_path = '' as $$
  select a.company, a.website, a.kind, a.reviewed_at, a.country
    from public.partner_applications a
   where a.status = 'approved' and (partner_directory.programme is null or a.kind = partner_directory.programme)
   order by a.company
$$;
grant execute on function public.partner_directory(text) to anon, authenticated;

-- ───────────── Referral codes and clicks ─────────────
create or replace function public.is_approved_reseller(p_user uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.partner_applications a
                  where a.user_id = p_user and a.kind = 'reseller' and a.status = 'approved')
$$;
revoke execute on function public.is_approved_reseller(uuid) from public, anon;
grant execute on function public.is_approved_reseller(uuid) to authenticated, service_role;

-- One code per reseller, made on approval; it earns only while the reseller is approved.
create table public.referral_codes (
  reseller_id uuid primary key references auth.users (id) on delete cascade,
  code text not null constraint referral_codes_code_unique unique
    constraint referral_codes_code_format check (code ~ '^[A-Z0-9]{4,16}$'),
  created_at timestamptz not null default now()
);

create table public.referral_clicks (
  id uuid primary key default gen_random_uuid(),
  code text not null references public.referral_codes (code) on delete cascade on update cascade,
  clicked_at timestamptz not null default now(),
  -- the page the link led to (no query string, no visitor data)
  path text constraint referral_clicks_path_length check (char_length(path) <= 300)
);
create index referral_clicks_code_idx on public.referral_clicks (code, clicked_at desc);

-- The code: up to 8 letters of the company and 4 random characters, e.g. THREADCO7K2Q.
create or replace function public.issue_referral_code() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_stem text := left(upper(regexp_replace(new.company, '[^A-Za-z0-9]', '', 'g')), 8);
  v_code text;
begin
  if new.kind <> 'reseller' or new.status <> 'approved'
     or exists (select 1 from public.referral_codes c where c.reseller_id = new.user_id) then
    return null;
  end if;
  loop
    v_code := v_stem || upper(substr(translate(encode(extensions.gen_random_bytes(8), 'base64'), '+/=01OIl', ''), 1, 4));
    if char_length(v_code) >= 4 and not exists (select 1 from public.referral_codes c where c.code = v_code) then exit; end if;
  end loop;
  insert into public.referral_codes (reseller_id, code) values (new.user_id, v_code) on conflict do nothing;
  return null;
end $$;
create trigger partner_applications_referral_code after insert or update of status on public.partner_applications
  for each row execute function public.issue_referral_code();

-- Anyone following a referral link: records the click and answers its id, or null for a code that
-- is unknown or whose reseller is not approved (ignored, nothing written).
create or replace function public.record_referral_click(code text, path text default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_code text := upper(btrim(record_referral_click.code));
  v_id uuid;
begin
  if v_code !~ '^[A-Z0-9]{4,16}$' then return null; end if;
  if not exists (select 1 from public.referral_codes c where c.code = v_code and public.is_approved_reseller(c.reseller_id)) then
    return null;
  end if;
  insert into public.referral_clicks (code, path)
  values (v_code, nullif(left(split_part(split_part(coalesce(record_referral_click.path, ''), '?', 1), '#', 1), 300), ''))
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.record_referral_click(text, text) from public;
grant execute on function public.record_referral_click(text, text) to anon, authenticated, service_role;

-- ───────────── Orders: the referral and each line's commission ─────────────
alter table public.orders
  add column referral_code text,
  add column referral_click_id uuid references public.referral_clicks (id) on delete set null,
  add column reseller_id uuid references auth.users (id) on delete set null;
create index orders_reseller_idx on public.orders (reseller_id, created_at desc) where reseller_id is not null;
alter table public.order_items
  add column commission_cents integer not null default 0
    constraint order_items_commission_nonnegative check (commission_cents >= 0),
  add constraint order_items_commission_within_fee check (commission_cents <= platform_fee_cents);

-- Called by the checkout function (service role) right after create_checkout_order: the buyer's
-- last click must be of this code, within the window, of an approved reseller who is not the buyer.
-- Commission per line: p_commission_bp of the line's platform fee, half up (pricing.ts percentOf),
-- never above the fee. Answers {attributed, reason?}; a refused referral leaves the order as it was.
create or replace function public.attach_order_referral(p_order uuid, p_code text, p_click uuid, p_commission_bp integer, p_window_days integer)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.orders;
  v_click public.referral_clicks;
  v_reseller uuid;
begin
  if p_commission_bp not between 0 and 10000 or p_window_days < 1 then
    raise exception 'Commission rate or window out of range' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.id = p_order for update;
  if not found or v_order.status <> 'pending' then return jsonb_build_object('attributed', false, 'reason', 'order_not_pending'); end if;
  select * into v_click from public.referral_clicks k where k.id = p_click and k.code = upper(btrim(p_code));
  if not found then return jsonb_build_object('attributed', false, 'reason', 'unknown_click'); end if;
  if v_click.clicked_at < now() - make_interval(days => p_window_days) then
    return jsonb_build_object('attributed', false, 'reason', 'expired');
  end if;
  select c.reseller_id into v_reseller from public.referral_codes c where c.code = v_click.code;
  if not public.is_approved_reseller(v_reseller) then return jsonb_build_object('attributed', false, 'reason', 'not_approved'); end if;
  if v_reseller = v_order.buyer_id then return jsonb_build_object('attributed', false, 'reason', 'self_referral'); end if;
  update public.orders set referral_code = v_click.code, referral_click_id = v_click.id, reseller_id = v_reseller where id = p_order;
  update public.order_items i
     set commission_cents = least(i.platform_fee_cents, (i.platform_fee_cents * p_commission_bp + 5000) / 10000)
   where i.order_id = p_order;
  return jsonb_build_object('attributed', true, 'reseller_id', v_reseller);
end $$;

-- ───────────── Commission transfers: the designer payout machinery, one more kind ─────────────
alter table public.payout_transfers
  add column kind text not null default 'designer_share'
    constraint payout_transfers_kind_valid check (kind in ('designer_share', 'commission'));
alter table public.payout_transfers drop constraint payout_transfers_one_per_item;
alter table public.payout_transfers add constraint payout_transfers_one_per_item_kind unique (order_item_id, kind);

-- As in 20261123001000_payments.sql, plus: the designer's share is computed exactly as before
-- (the commission comes out of the platform fee, never out of it); lines with a commission get a
-- held 'commission' transfer to the reseller, if the reseller is still approved and not the buyer.
create or replace function public.payments_mark_paid(p_order_id uuid, p_facts jsonb) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.orders;
  v_amount integer := (p_facts #>> '{session,amount_total}')::integer;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.status not in ('pending', 'failed', 'expired') then return false; end if;
  if v_amount is not null and v_amount <> v_order.total_cents then
    update public.orders set failure_code = 'amount_mismatch',
           failure_message = format('The provider charged %s but the order totals %s; fulfilment stopped for review.', v_amount, v_order.total_cents)
     where id = p_order_id;
    return false;
  end if;
  update public.orders
     set status = 'paid',
         provider_session_id = coalesce(p_facts #>> '{session,id}', provider_session_id),
         provider_payment_intent_id = coalesce(p_facts #>> '{payment_intent,id}', provider_payment_intent_id),
         provider_charge_id = coalesce(p_facts #>> '{charge,id}', provider_charge_id),
         buyer_email = coalesce(buyer_email, p_facts #>> '{session,customer_email}'),
         failure_code = null, failure_message = null
   where id = p_order_id;
  insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency, kind)
  select i.id, i.order_id, s.owner_id, i.store_id,
         greatest(public.order_item_total(i) - i.vat_cents - i.platform_fee_cents, 0), i.currency, 'designer_share'
    from public.order_items i join public.stores s on s.id = i.store_id
   where i.order_id = p_order_id and i.refunded_at is null
  on conflict (order_item_id, kind) do nothing;
  if v_order.reseller_id is not null then
    if public.is_approved_reseller(v_order.reseller_id) and v_order.reseller_id is distinct from v_order.buyer_id then
      insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency, kind)
      select i.id, i.order_id, v_order.reseller_id, i.store_id, i.commission_cents, i.currency, 'commission'
        from public.order_items i
       where i.order_id = p_order_id and i.refunded_at is null and i.commission_cents > 0
      on conflict (order_item_id, kind) do nothing;
    else
      -- approval withdrawn between checkout and payment: the platform keeps its whole fee
      update public.order_items set commission_cents = 0 where order_id = p_order_id;
    end if;
  end if;
  -- nothing to send for a line that earned nothing
  update public.payout_transfers set status = 'paid', paid_at = now()
   where order_id = p_order_id and amount_cents = 0 and status = 'held';
  if v_order.discount_code_id is not null then
    update public.discount_codes set redemptions = redemptions + 1 where id = v_order.discount_code_id;
  end if;
  return true;
end $$;

-- A reseller's commissions (operators: everyone's). Refunds: payments_apply_refund reverses every
-- transfer of a refunded line, commissions included (held: never sent; paid: pulled back).
create view public.reseller_commissions as
  select o.reseller_id, i.order_id, i.id as order_item_id, i.commission_cents, i.currency,
         case when i.refunded_at is not null then 'reversed' else coalesce(t.status, 'held') end as status,
         coalesce(o.paid_at, o.created_at) as created_at,
         o.referral_code, i.title, i.kind as item_kind, i.quantity, i.platform_fee_cents,
         greatest(public.order_item_total(i) - i.vat_cents, 0) as net_sale_cents,
         t.paid_at, i.refunded_at
    from public.order_items i
    join public.orders o on o.id = i.order_id
    left join public.payout_transfers t on t.order_item_id = i.id and t.kind = 'commission'
   where o.reseller_id is not null and i.commission_cents > 0
     and o.status in ('paid', 'partially_refunded', 'refunded')
     and (o.reseller_id = (select auth.uid()) or (select public.is_operator()));

-- ───────────── Row-level security ─────────────
alter table public.referral_codes enable row level security;
alter table public.referral_clicks enable row level security;
revoke all on public.referral_codes, public.referral_clicks, public.reseller_commissions from anon, authenticated;
grant all on public.referral_codes, public.referral_clicks to service_role;
grant select on public.reseller_commissions to authenticated, service_role;
grant select on public.referral_codes, public.referral_clicks to authenticated;
create policy referral_codes_read on public.referral_codes for select to authenticated
  using (reseller_id = (select auth.uid()) or (select public.is_operator()));
create policy referral_clicks_read on public.referral_clicks for select to authenticated
  using (code in (select c.code from public.referral_codes c where c.reseller_id = (select auth.uid())) or (select public.is_operator()));

revoke execute on function public.attach_order_referral(uuid, text, uuid, integer, integer), public.issue_referral_code(),
  public.guard_partner_application() from public, anon, authenticated;
grant execute on function public.attach_order_referral(uuid, text, uuid, integer, integer) to service_role;
revoke execute on function public.payments_mark_paid(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.payments_mark_paid(uuid, jsonb) to service_role;
