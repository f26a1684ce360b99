-- Payments (issue #10): tax-inclusive checkout with EU VAT and discount codes, separate charges
-- and transfers to designers (held until their payout account can receive), refunds per order
-- or per line, store plans following their subscription, and webhook events applied exactly
-- once in the same transaction as their effects. Names follow /work/payments-contract.md.

-- ───────────── VAT rates (EU standard rates for digital services; shared/src/pricing.ts EU_VAT_RATES) ─────────────
create table public.vat_rates (
  country char(2) primary key constraint vat_rates_country_iso check (country ~ '^[A-Z]{2}$'),
  rate_bp integer not null constraint vat_rates_rate_range check (rate_bp between 0 and 10000),
  name text not null
);
insert into public.vat_rates (country, rate_bp, name) values
  ('AT', 2000, 'Austria'), ('BE', 2100, 'Belgium'), ('BG', 2000, 'Bulgaria'), ('HR', 2500, 'Croatia'),
  ('CY', 1900, 'Cyprus'), ('CZ', 2100, 'Czechia'), ('DK', 2500, 'Denmark'), ('EE', 2400, 'Estonia'),
  ('FI', 2550, 'Finland'), ('FR', 2000, 'France'), ('DE', 1900, 'Germany'), ('GR', 2400, 'Greece'),
  ('HU', 2700, 'Hungary'), ('IE', 2300, 'Ireland'), ('IT', 2200, 'Italy'), ('LV', 2100, 'Latvia'),
  ('LT', 2100, 'Lithuania'), ('LU', 1700, 'Luxembourg'), ('MT', 1800, 'Malta'), ('NL', 2100, 'Netherlands'),
  ('PL', 2300, 'Poland'), ('PT', 2300, 'Portugal'), ('RO', 2100, 'Romania'), ('SK', 2300, 'Slovakia'),
  ('SI', 2200, 'Slovenia'), ('ES', 2100, 'Spain'), ('SE', 2500, 'Sweden');

-- ───────────── Discount codes ─────────────
create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  code text not null constraint discount_codes_code_format check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  percent_off integer constraint discount_codes_percent_range check (percent_off between 1 and 100),
  amount_off_cents integer constraint discount_codes_amount_range check (amount_off_cents between 1 and 100000000),
  currency text constraint discount_codes_currency_supported check (currency in ('EUR', 'GBP', 'USD')),
  -- null: every pattern of the store
  pattern_id uuid,
  expires_at timestamptz,
  max_redemptions integer constraint discount_codes_max_positive check (max_redemptions >= 1),
  redemptions integer not null default 0 constraint discount_codes_redemptions_nonnegative check (redemptions >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint discount_codes_unique_per_store unique (store_id, code),
  constraint discount_codes_one_kind check ((percent_off is null) <> (amount_off_cents is null)),
  constraint discount_codes_amount_has_currency check (amount_off_cents is null or currency is not null),
  foreign key (pattern_id, store_id) references public.patterns (id, store_id) on delete cascade
);
create trigger discount_codes_touch before update on public.discount_codes
  for each row execute function public.touch_updated_at();

-- Codes are typed in any case and compared upper-case.
create or replace function public.normalise_discount_code() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := upper(btrim(new.code));
  if new.code !~ '^[A-Z0-9][A-Z0-9_-]{2,31}$' then
    raise exception 'A discount code must be 3 to 32 letters, digits, "-" or "_"'
      using errcode = '23514', hint = 'For example SPRING25.';
  end if;
  if new.amount_off_cents is not null then new.currency := coalesce(new.currency, (select s.currency from public.stores s where s.id = new.store_id)); end if;
  return new;
end $$;
create trigger discount_codes_normalise before insert or update of code, amount_off_cents, currency on public.discount_codes
  for each row execute function public.normalise_discount_code();

-- ───────────── Orders and items: VAT, discounts, failures, expiry, refunds ─────────────
alter table public.orders drop constraint orders_status_valid;
alter table public.orders add constraint orders_status_valid
  check (status in ('pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired'));
alter table public.orders
  add column vat_cents integer not null default 0 constraint orders_vat_nonnegative check (vat_cents >= 0),
  add column vat_rate_bp integer not null default 0 constraint orders_vat_rate_range check (vat_rate_bp between 0 and 10000),
  add column buyer_country text constraint orders_buyer_country_iso check (buyer_country ~ '^[A-Z]{2}$'),
  add column discount_cents integer not null default 0 constraint orders_discount_nonnegative check (discount_cents >= 0),
  add column discount_code_id uuid references public.discount_codes (id) on delete set null,
  add column failure_code text,
  add column failure_message text,
  add column expires_at timestamptz,
  add column provider_charge_id text,
  add column amount_refunded_cents integer not null default 0 constraint orders_refunded_range check (amount_refunded_cents >= 0),
  add column receipt_sent_at timestamptz;
create index orders_payment_intent_idx on public.orders (provider_payment_intent_id) where provider_payment_intent_id is not null;

alter table public.order_items
  add column vat_cents integer not null default 0 constraint order_items_vat_nonnegative check (vat_cents >= 0),
  add column discount_cents integer not null default 0 constraint order_items_discount_nonnegative check (discount_cents >= 0),
  add column refunded_at timestamptz,
  -- the pattern's title at purchase time (receipts stay true when the title changes)
  add column title text,
  -- set by request_refund() before the provider is asked, so the charge.refunded webhook knows the lines
  add column refund_requested_at timestamptz,
  add constraint order_items_discount_within_price check (discount_cents <= unit_price_cents * quantity);

-- What the buyer paid for a line, VAT included.
create or replace function public.order_item_total(p_item public.order_items) returns integer
language sql immutable set search_path = '' as $$
  select p_item.unit_price_cents * p_item.quantity - p_item.discount_cents
$$;

-- Fulfilment stays in the order trigger: paid grants every line not refunded; partially_refunded
-- revokes the refunded lines (order_items.refunded_at); refunded revokes every line. The payment
-- code sets status in every such update (also to the same value) so the trigger runs.
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
  if tg_op = 'UPDATE' and new.status = 'paid' and old.status not in ('paid', 'partially_refunded', 'refunded') then
    for v_item in select * from public.order_items i where i.order_id = new.id and i.refunded_at is null loop
      perform public.grant_order_item(v_item, new.buyer_id);
    end loop;
  elsif tg_op = 'UPDATE' and new.status in ('partially_refunded', 'refunded') and old.status in ('paid', 'partially_refunded') then
    with revoked as (
      update public.entitlements e set revoked_at = now(), revoke_reason = 'refunded'
       where e.revoked_at is null
         and e.order_item_id in (select i.id from public.order_items i
                                  where i.order_id = new.id and (new.status = 'refunded' or i.refunded_at is not null))
      returning e.order_item_id)
    update public.patterns p set sales_count = greatest(p.sales_count - i.quantity, 0)
      from public.order_items i join revoked r on r.order_item_id = i.id
     where p.id = i.pattern_id and i.kind = 'digital';
  end if;
  return new;
end $$;

-- ───────────── Payout accounts and transfers (separate charges and transfers) ─────────────
create table public.payout_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_account_id text not null constraint payout_accounts_stripe_unique unique,
  details_submitted boolean not null default false,
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  requirements_due text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger payout_accounts_touch before update on public.payout_accounts
  for each row execute function public.touch_updated_at();

-- One transfer per paid line: the designer's share (line total − VAT − platform fee). Held until
-- the recipient's account has payouts enabled; reversed (in proportion) when the line is refunded.
create table public.payout_transfers (
  id uuid primary key default gen_random_uuid(),
  order_item_id uuid not null constraint payout_transfers_one_per_item unique references public.order_items (id) on delete restrict,
  order_id uuid not null references public.orders (id) on delete restrict,
  recipient_id uuid references auth.users (id) on delete set null,
  store_id uuid not null references public.stores (id) on delete restrict,
  amount_cents integer not null constraint payout_transfers_amount_nonnegative check (amount_cents >= 0),
  currency text not null constraint payout_transfers_currency_iso check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'held' constraint payout_transfers_status_valid check (status in ('held', 'paid', 'reversed')),
  provider_transfer_id text constraint payout_transfers_provider_unique unique,
  -- a refund of a paid transfer's line: how much to pull back (the webhook's follow-up does it)
  reversal_due_cents integer not null default 0 constraint payout_transfers_due_nonnegative check (reversal_due_cents >= 0),
  reversed_cents integer not null default 0 constraint payout_transfers_reversed_nonnegative check (reversed_cents >= 0),
  provider_reversal_id text,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  reversed_at timestamptz,
  constraint payout_transfers_reversal_within check (reversed_cents + reversal_due_cents <= amount_cents)
);
create index payout_transfers_recipient_idx on public.payout_transfers (recipient_id, created_at desc);
create index payout_transfers_held_idx on public.payout_transfers (recipient_id) where status = 'held';
create index payout_transfers_order_idx on public.payout_transfers (order_id);

-- The provider's customer that pays a store's plan.
create table public.billing_customers (
  store_id uuid primary key references public.stores (id) on delete cascade,
  provider_customer_id text not null constraint billing_customers_provider_unique unique,
  created_at timestamptz not null default now()
);

alter table public.subscriptions drop constraint subscriptions_status_valid;
alter table public.subscriptions add constraint subscriptions_status_valid
  check (status in ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'));
alter table public.subscriptions
  add column "interval" text constraint subscriptions_interval_valid check ("interval" in ('month', 'year')),
  add column canceled_at timestamptz;

-- ───────────── Row-level security ─────────────
alter table public.vat_rates enable row level security;
alter table public.discount_codes enable row level security;
alter table public.payout_accounts enable row level security;
alter table public.payout_transfers enable row level security;
alter table public.billing_customers enable row level security;
revoke all on public.vat_rates, public.discount_codes, public.payout_accounts, public.payout_transfers,
  public.billing_customers from anon, authenticated;
grant all on public.vat_rates, public.discount_codes, public.payout_accounts, public.payout_transfers,
  public.billing_customers to service_role;

-- The order rows a store owner's items belong to.
create or replace function public.my_store_order_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select distinct i.order_id from public.order_items i join public.stores s on s.id = i.store_id
   where s.owner_id = (select auth.uid())
$$;
revoke execute on function public.my_store_order_ids() from public, anon;

-- orders: buyer and operators (20261122000400) and now the stores whose lines are in it.
create policy orders_read_store on public.orders for select to authenticated
  using (id in (select public.my_store_order_ids()));

grant select on public.vat_rates to anon, authenticated;
create policy vat_rates_read on public.vat_rates for select to anon, authenticated using (true);

grant select, delete on public.discount_codes to authenticated;
grant insert (store_id, code, percent_off, amount_off_cents, currency, pattern_id, expires_at, max_redemptions, active)
  on public.discount_codes to authenticated;
grant update (code, percent_off, amount_off_cents, currency, pattern_id, expires_at, max_redemptions, active)
  on public.discount_codes to authenticated;
create policy discount_codes_read on public.discount_codes for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));
create policy discount_codes_owner_insert on public.discount_codes for insert to authenticated
  with check (store_id in (select public.my_store_ids()));
create policy discount_codes_owner_update on public.discount_codes for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy discount_codes_owner_delete on public.discount_codes for delete to authenticated
  using (store_id in (select public.my_store_ids()));

grant select on public.payout_accounts, public.payout_transfers, public.billing_customers to authenticated;
create policy payout_accounts_read on public.payout_accounts for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_operator()));
create policy payout_transfers_read on public.payout_transfers for select to authenticated
  using (recipient_id = (select auth.uid()) or (select public.is_operator()));
create policy billing_customers_read on public.billing_customers for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));

-- ───────────── Checkout: one order with its lines, in one transaction ─────────────
-- Called by the checkout function (service role) with amounts it computed from the database.
create or replace function public.create_checkout_order(p_order jsonb, p_items jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid;
begin
  insert into public.orders (buyer_id, buyer_email, status, currency, subtotal_cents, platform_fee_cents, total_cents, provider,
                             vat_cents, vat_rate_bp, buyer_country, discount_cents, discount_code_id, expires_at)
  select o.buyer_id, o.buyer_email, 'pending', o.currency, o.subtotal_cents, o.platform_fee_cents, o.total_cents, o.provider,
         o.vat_cents, o.vat_rate_bp, o.buyer_country, o.discount_cents, o.discount_code_id, o.expires_at
    from jsonb_populate_record(null::public.orders, p_order) o
  returning id into v_id;
  insert into public.order_items (order_id, pattern_id, store_id, kind, quantity, unit_price_cents, platform_fee_cents, currency,
                                  licence, vat_cents, discount_cents, title)
  select v_id, i.pattern_id, i.store_id, i.kind, i.quantity, i.unit_price_cents, i.platform_fee_cents, i.currency,
         i.licence, i.vat_cents, i.discount_cents, i.title
    from jsonb_populate_recordset(null::public.order_items, p_items) i;
  return v_id;
end $$;

-- ───────────── Webhook fulfilment ─────────────
-- The order paid (idempotent; the status trigger grants the entitlements), one held transfer per
-- line for its designer, the discount code counted. Returns whether this call paid it.
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
  insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency)
  select i.id, i.order_id, s.owner_id, i.store_id,
         greatest(public.order_item_total(i) - i.vat_cents - i.platform_fee_cents, 0), i.currency
    from public.order_items i join public.stores s on s.id = i.store_id
   where i.order_id = p_order_id and i.refunded_at is null
  on conflict (order_item_id) do nothing;
  -- nothing to send for a line that earned nothing
  update public.payout_transfers set status = 'paid', paid_at = now()
   where order_id = p_order_id and amount_cents = 0 and status = 'held';
  if v_order.discount_code_id is not null then
    update public.discount_codes set redemptions = redemptions + 1 where id = v_order.discount_code_id;
  end if;
  return true;
end $$;

-- Refunds up to the charge's cumulative amount_refunded: lines asked for by request_refund() in
-- the order they were asked (all lines once the whole order is refunded), their entitlements
-- revoked by the status trigger and their transfers reversed (held ones never leave).
create or replace function public.payments_apply_refund(p_order_id uuid, p_amount_refunded integer) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.orders;
  v_item public.order_items;
  v_covered integer;
  v_newly uuid[] := '{}';
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.status not in ('paid', 'partially_refunded') or p_amount_refunded <= v_order.amount_refunded_cents then
    return false;
  end if;
  if p_amount_refunded >= v_order.total_cents then
    select coalesce(array_agg(i.id), '{}') into v_newly from public.order_items i where i.order_id = p_order_id and i.refunded_at is null;
  else
    select coalesce(sum(public.order_item_total(i)), 0) into v_covered
      from public.order_items i where i.order_id = p_order_id and i.refunded_at is not null;
    for v_item in select * from public.order_items i
                   where i.order_id = p_order_id and i.refunded_at is null and i.refund_requested_at is not null
                   order by i.refund_requested_at, i.id loop
      exit when v_covered + public.order_item_total(v_item) > p_amount_refunded;
      v_covered := v_covered + public.order_item_total(v_item);
      v_newly := v_newly || v_item.id;
    end loop;
  end if;
  update public.order_items set refunded_at = now() where id = any (v_newly);
  update public.payout_transfers set status = 'reversed', reversed_at = now()
   where order_item_id = any (v_newly) and status = 'held';
  update public.payout_transfers set reversal_due_cents = amount_cents - reversed_cents
   where order_item_id = any (v_newly) and status = 'paid' and amount_cents > reversed_cents;
  update public.orders
     set amount_refunded_cents = p_amount_refunded,
         status = case when p_amount_refunded >= v_order.total_cents
                         or not exists (select 1 from public.order_items i where i.order_id = p_order_id and i.refunded_at is null)
                       then 'refunded' else 'partially_refunded' end
   where id = p_order_id;
  return true;
end $$;

-- A store's plan follows its subscriptions: Pro while one is active, trialing or past due.
create or replace function public.payments_sync_subscription(p_sub jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_store uuid := nullif(p_sub #>> '{metadata,store_id}', '')::uuid;
  v_item jsonb := p_sub #> '{items,data,0}';
  v_status text := p_sub ->> 'status';
  v_start bigint := coalesce((v_item ->> 'current_period_start')::bigint, (p_sub ->> 'current_period_start')::bigint);
  v_end bigint := coalesce((v_item ->> 'current_period_end')::bigint, (p_sub ->> 'current_period_end')::bigint);
begin
  if v_store is null or not exists (select 1 from public.stores s where s.id = v_store) then return null; end if;
  insert into public.subscriptions (store_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                    current_period_start, current_period_end, cancel_at_period_end, "interval", canceled_at)
  values (v_store, coalesce(nullif(p_sub #>> '{metadata,plan}', ''), 'pro'), v_status, 'stripe', p_sub ->> 'customer', p_sub ->> 'id',
          to_timestamp(v_start), to_timestamp(v_end), coalesce((p_sub ->> 'cancel_at_period_end')::boolean, false),
          v_item #>> '{price,recurring,interval}', to_timestamp((p_sub ->> 'canceled_at')::bigint))
  on conflict (provider_subscription_id) do update
     set status = excluded.status, provider_customer_id = excluded.provider_customer_id,
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, "interval" = coalesce(excluded."interval", public.subscriptions."interval"),
         canceled_at = excluded.canceled_at;
  update public.stores s
     set plan = case when exists (select 1 from public.subscriptions x
                                   where x.store_id = v_store and x.plan = 'pro' and x.status in ('active', 'trialing', 'past_due'))
                     then 'pro' else 'free' end
   where s.id = v_store;
  return v_store;
end $$;

-- A connected account's state (re-fetched from the provider) on its owner's row and stores.
create or replace function public.payments_sync_account(p_account jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid;
begin
  update public.payout_accounts
     set details_submitted = coalesce((p_account ->> 'details_submitted')::boolean, false),
         charges_enabled = coalesce((p_account ->> 'charges_enabled')::boolean, false),
         payouts_enabled = coalesce((p_account ->> 'payouts_enabled')::boolean, false),
         requirements_due = coalesce((select array_agg(x) from jsonb_array_elements_text(p_account #> '{requirements,currently_due}') x), '{}')
   where stripe_account_id = p_account ->> 'id'
  returning user_id into v_user;
  if v_user is not null then
    update public.stores set payout_account_id = p_account ->> 'id',
           payouts_enabled = coalesce((p_account ->> 'payouts_enabled')::boolean, false)
     where owner_id = v_user;
  end if;
  return v_user;
end $$;

-- What the webhook's follow-ups still have to do for an order (so it skips the calls otherwise).
create or replace function public.payment_followups(p_order_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'receipt_due', exists (select 1 from public.orders o where o.id = p_order_id
                            and o.status in ('paid', 'partially_refunded') and o.receipt_sent_at is null and o.buyer_email is not null),
    'release_due', exists (select 1 from public.payout_transfers t join public.payout_accounts a on a.user_id = t.recipient_id
                            where t.order_id = p_order_id and t.status = 'held' and t.amount_cents > 0 and a.payouts_enabled),
    'reversal_due', exists (select 1 from public.payout_transfers t where t.order_id = p_order_id and t.status = 'paid' and t.reversal_due_cents > 0))
$$;

-- Records a provider event and applies it, once, in one transaction. `p_facts` is what the
-- webhook re-fetched from the provider (current session / payment intent / charge of the order,
-- the subscription, the account), so events in any order converge on the provider's state.
-- A duplicate delivery changes nothing and answers {duplicate: true}.
create or replace function public.apply_payment_event(p_provider text, p_event jsonb, p_facts jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_event_id uuid;
  v_order_id uuid := nullif(p_facts ->> 'order_id', '')::uuid;
  v_order public.orders;
  v_result jsonb := '{}';
  v_error text;
begin
  insert into public.payment_events (provider, provider_event_id, type, payload)
  values (p_provider, p_event ->> 'id', p_event ->> 'type', p_event)
  on conflict on constraint payment_events_once do nothing
  returning id into v_event_id;
  if v_event_id is null then return jsonb_build_object('duplicate', true); end if;

  if v_order_id is not null then
    select * into v_order from public.orders o where o.id = v_order_id;
    if not found then
      v_error := 'no such order';
    else
      if p_facts #>> '{session,payment_status}' in ('paid', 'no_payment_required')
         or p_facts #>> '{payment_intent,status}' = 'succeeded' then
        v_result := v_result || jsonb_build_object('paid_now', public.payments_mark_paid(v_order_id, p_facts));
      end if;
      if (p_facts #>> '{charge,amount_refunded}')::integer > 0 then
        v_result := v_result || jsonb_build_object('refunded_now',
          public.payments_apply_refund(v_order_id, (p_facts #>> '{charge,amount_refunded}')::integer));
      end if;
      select * into v_order from public.orders o where o.id = v_order_id;
      if v_order.status = 'pending' then
        if p_facts #>> '{session,status}' = 'expired' then
          update public.orders set status = 'expired' where id = v_order_id;
        elsif p_facts #>> '{payment_intent,last_payment_error,code}' is not null then
          update public.orders
             set failure_code = p_facts #>> '{payment_intent,last_payment_error,code}',
                 failure_message = p_facts #>> '{payment_intent,last_payment_error,message}'
           where id = v_order_id;
        end if;
      end if;
      select * into v_order from public.orders o where o.id = v_order_id;
      v_result := v_result || jsonb_build_object('order_id', v_order_id, 'status', v_order.status)
        || public.payment_followups(v_order_id);
    end if;
  end if;
  if p_facts ? 'subscription' then
    v_result := v_result || jsonb_build_object('store_id', public.payments_sync_subscription(p_facts -> 'subscription'));
  end if;
  if p_facts ? 'account' then
    v_result := v_result || jsonb_build_object('recipient_id', public.payments_sync_account(p_facts -> 'account'));
    v_result := v_result || jsonb_build_object('release_due', exists (
      select 1 from public.payout_transfers t join public.payout_accounts a on a.user_id = t.recipient_id
       where t.recipient_id = (v_result ->> 'recipient_id')::uuid and t.status = 'held' and a.payouts_enabled));
  end if;
  if p_facts ? 'ignored' then v_error := p_facts ->> 'ignored'; end if;

  update public.payment_events set processed_at = now(), error = v_error where id = v_event_id;
  return v_result || jsonb_build_object('duplicate', false, 'event', v_event_id);
end $$;

-- ───────────── Refund requests ─────────────
-- The store owner of every line refunded, or an operator, asks for a refund of a paid order or
-- one line. Marks the lines before the provider is asked (so the charge.refunded webhook knows
-- which ones the money is for) and answers what to refund.
create or replace function public.request_refund(order_id uuid, order_item_id uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_order public.orders;
  v_ids uuid[];
  v_amount integer;
begin
  if v_uid is null then
    raise exception 'Sign in to refund an order' using errcode = 'PT401';
  end if;
  select * into v_order from public.orders o where o.id = request_refund.order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  select array_agg(i.id), sum(public.order_item_total(i)) into v_ids, v_amount
    from public.order_items i
   where i.order_id = v_order.id and i.refunded_at is null
     and (request_refund.order_item_id is null or i.id = request_refund.order_item_id);
  if not public.is_operator() then
    if not exists (select 1 from public.order_items i join public.stores s on s.id = i.store_id
                    where i.order_id = v_order.id and s.owner_id = v_uid)
       or exists (select 1 from public.order_items i join public.stores s on s.id = i.store_id
                   where i.id = any (coalesce(v_ids, '{}')) and s.owner_id <> v_uid) then
      raise exception 'Only the store that sold every refunded line, or an operator, can refund it' using errcode = 'PT403';
    end if;
  end if;
  if v_order.status not in ('paid', 'partially_refunded') then
    raise exception 'Only a paid order can be refunded; this one is %', v_order.status using errcode = 'PT409';
  end if;
  if v_ids is null then
    raise exception 'This line is not in the order or was already refunded' using errcode = 'PT409';
  end if;
  update public.order_items i set refund_requested_at = coalesce(i.refund_requested_at, clock_timestamp()) where i.id = any (v_ids);
  return jsonb_build_object('order_id', v_order.id, 'item_ids', to_jsonb(v_ids), 'amount_cents', v_amount,
                            'currency', v_order.currency, 'payment_intent', v_order.provider_payment_intent_id,
                            'refunded_cents', v_order.amount_refunded_cents);
end $$;

-- The provider refused the refund: the lines are no longer waiting for one.
create or replace function public.cancel_refund_request(p_item_ids uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  update public.order_items set refund_requested_at = null where id = any (p_item_ids) and refunded_at is null
$$;

revoke execute on function public.create_checkout_order(jsonb, jsonb), public.payments_mark_paid(uuid, jsonb),
  public.payments_apply_refund(uuid, integer), public.payments_sync_subscription(jsonb), public.payments_sync_account(jsonb),
  public.payment_followups(uuid),
  public.apply_payment_event(text, jsonb, jsonb), public.cancel_refund_request(uuid[]),
  public.normalise_discount_code(), public.order_item_total(public.order_items)
  from public, anon, authenticated;
grant execute on function public.create_checkout_order(jsonb, jsonb), public.apply_payment_event(text, jsonb, jsonb),
  public.cancel_refund_request(uuid[]), public.payments_mark_paid(uuid, jsonb), public.payments_sync_account(jsonb),
  public.payment_followups(uuid) to service_role;
revoke execute on function public.request_refund(uuid, uuid) from public, anon;
grant execute on function public.request_refund(uuid, uuid) to authenticated, service_role;
