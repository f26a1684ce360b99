-- Issue 31 (items 2 and 8, and the two "Also:" items): discount codes reserved under a row lock,
-- no commission on a reseller's own purchase, only countries the VAT table knows, and the mails of
-- a Pro plan whose renewal keeps failing.

-- ───────────── The VAT table knows every country Stitchhouse sells to ─────────────
-- Until now the table held the EU and checkout gave every other two-letter code 0 % (also "XX").
-- Now it holds each country the checkout accepts (shared/src/countries.ts VAT_RATES, compared by
-- a test), with the rate that country charges on digital services sold to its consumers by a
-- foreign seller: the EU standard rates, the UK 20 %, Norway 25 % (VOEC), Iceland 24 %,
-- Switzerland 8.1 %, Australia 10 % GST, New Zealand 15 % GST, Japan 10 % consumption tax, Canada
-- 5 % GST (the federal part; provinces with HST charge more: the checkout knows no province).
-- 0 % only where it is true: the United States has no VAT (state sales taxes are not modelled).
insert into public.vat_rates (country, rate_bp, name) values
  ('AU', 1000, 'Australia'), ('CA', 500, 'Canada'), ('CH', 810, 'Switzerland'), ('GB', 2000, 'United Kingdom'),
  ('IS', 2400, 'Iceland'), ('JP', 1000, 'Japan'), ('NO', 2500, 'Norway'), ('NZ', 1500, 'New Zealand'), ('US', 0, 'United States')
on conflict (country) do update set rate_bp = excluded.rate_bp, name = excluded.name;

-- ───────────── Discount codes: reservations ─────────────
-- A code is in use by its redemptions (paid orders, counted by payments_mark_paid) and by its
-- reservations: orders still pending whose checkout has not expired. A reservation is released
-- when its order leaves 'pending' — the checkout.session.expired webhook (apply_payment_event sets
-- 'expired'), a checkout the same buyer replaced (the checkout function expires the old session
-- at the provider and marks the order), a payment page that could not open ('failed') — or when
-- the order's expires_at passes (a checkout that never got its session).
-- p_except_buyer (the checkout function's first look, before it replaces that buyer's earlier
-- checkouts): that buyer's own open checkouts do not count.
create or replace function public.discount_code_uses(p_code uuid, p_except_buyer uuid default null) returns integer
language sql stable security definer set search_path = '' as $$
  select c.redemptions + (select count(*)::integer from public.orders o
                           where o.discount_code_id = c.id and o.status = 'pending' and o.expires_at > now()
                             and o.buyer_id is distinct from p_except_buyer)
    from public.discount_codes c where c.id = p_code
$$;
revoke execute on function public.discount_code_uses(uuid, uuid) from public, anon, authenticated;
grant execute on function public.discount_code_uses(uuid, uuid) to service_role;

-- A store may raise or remove a limit, never lower it below what is already redeemed or reserved.
create or replace function public.discount_codes_keep_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_used integer;
begin
  if new.max_redemptions is not null and new.max_redemptions is distinct from old.max_redemptions then
    v_used := public.discount_code_uses(new.id);
    if new.max_redemptions < v_used then
      raise exception 'This code is already redeemed or reserved % %: its limit cannot go below %', v_used,
        case when v_used = 1 then 'time' else 'times' end, v_used
        using errcode = '23514', hint = 'Raise the limit, or deactivate the code to stop new checkouts.';
    end if;
  end if;
  return new;
end $$;
create trigger discount_codes_keep_limit before update of max_redemptions on public.discount_codes
  for each row execute function public.discount_codes_keep_limit();
revoke execute on function public.discount_codes_keep_limit() from public, anon, authenticated;

-- As in 20261123001000_payments.sql, plus: the buyer's country must be in the VAT table at its
-- rate, and a discount code is reserved here, in the same transaction as the order: the code row
-- is locked (select … for update), so concurrent checkouts of one code queue on it and each sees
-- the orders committed before it; the code must be active, not expired, and its redemptions plus
-- reservations below max_redemptions. Refusals carry the checkout's error code as the hint.
create or replace function public.create_checkout_order(p_order jsonb, p_items jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid;
  v_country text := p_order ->> 'buyer_country';
  v_rate integer;
  v_code public.discount_codes;
begin
  select r.rate_bp into v_rate from public.vat_rates r where r.country = v_country;
  if not found then
    raise exception 'Stitchhouse does not sell to "%"', v_country using errcode = '22023', hint = 'country_unsupported';
  end if;
  if v_rate is distinct from (p_order ->> 'vat_rate_bp')::integer then
    raise exception 'VAT for % is % %% (% bp), not % bp', v_country, trim_scale(v_rate / 100.0), v_rate, p_order ->> 'vat_rate_bp'
      using errcode = '22023', hint = 'vat_rate_mismatch';
  end if;
  if nullif(p_order ->> 'discount_code_id', '') is not null then
    select * into v_code from public.discount_codes c where c.id = (p_order ->> 'discount_code_id')::uuid for update;
    if not found or not v_code.active then
      raise exception 'The code % is not valid for the patterns in your cart.', coalesce(v_code.code, '')
        using errcode = 'P0001', hint = 'discount_invalid';
    end if;
    if v_code.expires_at is not null and v_code.expires_at <= now() then
      raise exception 'The code % has expired.', v_code.code using errcode = 'P0001', hint = 'discount_expired';
    end if;
    if v_code.max_redemptions is not null and public.discount_code_uses(v_code.id) >= v_code.max_redemptions then
      raise exception 'The code % has been used as many times as the store allows.', v_code.code
        using errcode = 'P0001', hint = 'discount_exhausted';
    end if;
  end if;
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

-- ───────────── A reseller's own identity ─────────────
-- The reseller themselves: their user id, or an order address that is their account's email
-- (a guest typing the reseller's address). Compared case-insensitively.
create or replace function public.is_reseller_self(p_reseller uuid, p_buyer uuid, p_email text) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_reseller = p_buyer
      or exists (select 1 from auth.users u where u.id = p_reseller and u.email is not null and p_email is not null
                  and lower(u.email) = lower(btrim(p_email)))
$$;
revoke execute on function public.is_reseller_self(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.is_reseller_self(uuid, uuid, text) to service_role;

-- As in 20261123004000_resellers.sql, plus: the order's address may not be the reseller's either.
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
  if public.is_reseller_self(v_reseller, v_order.buyer_id, v_order.buyer_email) then
    return jsonb_build_object('attributed', false, 'reason', 'self_referral');
  end if;
  update public.orders set referral_code = v_click.code, referral_click_id = v_click.id, reseller_id = v_reseller where id = p_order;
  update public.order_items i
     set commission_cents = least(i.platform_fee_cents, (i.platform_fee_cents * p_commission_bp + 5000) / 10000)
   where i.order_id = p_order;
  return jsonb_build_object('attributed', true, 'reseller_id', v_reseller);
end $$;

-- As in 20261123004000_resellers.sql, with two re-checks at payment:
-- * Commission: the reseller must still be approved and not the buyer — by id, or by the order's
--   address, which the provider may only now have supplied (the payment page's email).
-- * Discount: the order is fulfilled at the price the buyer was shown and paid, and the reservation
--   it held becomes a redemption, even if the code expired, was deactivated or had its limit
--   changed in the meantime. A marketplace does not take money and refuse the goods; and no slot
--   beyond the limit can be reserved in the first place (create_checkout_order counts
--   reservations under the code's row lock, discount_codes_keep_limit refuses a lower limit), a
--   released reservation's session is expired at the provider so it cannot be paid any more, and a
--   checkout cannot outlive its code (the checkout function ends the session when the code
--   expires, except inside Stripe's 30-minute minimum lifetime, where the code is honoured).
--   So redemptions never exceed max_redemptions.
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
   where id = p_order_id
  returning * into v_order;
  insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency, kind)
  select i.id, i.order_id, s.owner_id, i.store_id,
         greatest(public.order_item_total(i) - i.vat_cents - i.platform_fee_cents, 0), i.currency, 'designer_share'
    from public.order_items i join public.stores s on s.id = i.store_id
   where i.order_id = p_order_id and i.refunded_at is null
  on conflict (order_item_id, kind) do nothing;
  if v_order.reseller_id is not null then
    if public.is_approved_reseller(v_order.reseller_id)
       and not public.is_reseller_self(v_order.reseller_id, v_order.buyer_id, v_order.buyer_email) then
      insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency, kind)
      select i.id, i.order_id, v_order.reseller_id, i.store_id, i.commission_cents, i.currency, 'commission'
        from public.order_items i
       where i.order_id = p_order_id and i.refunded_at is null and i.commission_cents > 0
      on conflict (order_item_id, kind) do nothing;
    else
      -- approval withdrawn, or the reseller's own purchase: the platform keeps its whole fee
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

-- A guest order whose address later becomes the reseller's account was the reseller's own
-- purchase: when an account's email changes, its commissions on orders placed under that address
-- are withdrawn — held transfers never leave (reversed), sent ones are marked for reversal (the
-- webhook's follow-up pulls them back with the order's next event), the lines earn nothing.
create or replace function public.withdraw_self_commissions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_orders uuid[];
begin
  if new.email is null or new.email is not distinct from old.email then return new; end if;
  select coalesce(array_agg(o.id), '{}') into v_orders from public.orders o
   where o.reseller_id = new.id and o.buyer_email is not null and lower(o.buyer_email) = lower(new.email);
  if cardinality(v_orders) = 0 then return new; end if;
  update public.payout_transfers set status = 'reversed', reversed_at = now()
   where order_id = any (v_orders) and kind = 'commission' and status = 'held';
  update public.payout_transfers set reversal_due_cents = amount_cents - reversed_cents
   where order_id = any (v_orders) and kind = 'commission' and status = 'paid' and amount_cents > reversed_cents;
  update public.order_items set commission_cents = 0 where order_id = any (v_orders) and commission_cents > 0;
  return new;
end $$;
create trigger on_auth_email_withdraw_self_commissions after update of email on auth.users
  for each row execute function public.withdraw_self_commissions();
revoke execute on function public.withdraw_self_commissions() from public, anon, authenticated;

-- ───────────── Billing mails: once per notice ─────────────
-- The webhook mails a store owner when a Pro renewal fails (with the way to update the card) and
-- when the plan ends. A notice is claimed before its mail goes out and given back if the mail
-- fails, so Stripe's redeliveries send each one exactly once. Service role only.
create table public.billing_notices (
  key text primary key constraint billing_notices_key_length check (char_length(key) <= 200),
  store_id uuid not null references public.stores (id) on delete cascade,
  kind text not null constraint billing_notices_kind_valid check (kind in ('payment_failed', 'plan_ended')),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table public.billing_notices enable row level security;
revoke all on public.billing_notices from anon, authenticated;
grant all on public.billing_notices to service_role;

-- Claims a notice: answers the owner's address and the store's name, or {claimed: false} when it
-- was already sent (or the store has no owner address).
create or replace function public.claim_billing_notice(p_key text, p_store uuid, p_kind text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text;
  v_name text;
begin
  insert into public.billing_notices (key, store_id, kind) values (p_key, p_store, p_kind) on conflict (key) do nothing;
  update public.billing_notices set sent_at = now() where key = p_key and sent_at is null;
  if not found then return jsonb_build_object('claimed', false); end if;
  select u.email, s.name into v_email, v_name from public.stores s join auth.users u on u.id = s.owner_id where s.id = p_store;
  if v_email is null then return jsonb_build_object('claimed', false); end if;
  return jsonb_build_object('claimed', true, 'email', v_email, 'store_name', v_name);
end $$;
revoke execute on function public.claim_billing_notice(text, uuid, text) from public, anon, authenticated;
grant execute on function public.claim_billing_notice(text, uuid, text) to service_role;
