-- Issue 31: the claims of the store owners' billing mails (20261201002000_payments_hardening.sql)
-- move out of the public schema, where the row-level security matrix would have to list a table no
-- API role ever reads, into the schema no API role can use; claiming and giving a claim back are
-- two service-role RPCs.
-- The webhook mails a store owner when a Pro renewal fails (with the way to update the card) and
-- when the plan ends. A notice is claimed before its mail goes out and given back if the mail
-- fails, so Stripe's redeliveries send each one exactly once. The claims live in the schema no API
-- role can use (also 20261201003000's); only these two service-role RPCs reach them.
create schema if not exists private;
revoke all on schema private from public;
drop table public.billing_notices;
create table private.billing_notices (
  key text primary key constraint billing_notices_key_length check (char_length(key) <= 200),
  store_id uuid not null references public.stores (id) on delete cascade,
  kind text not null constraint billing_notices_kind_valid check (kind in ('payment_failed', 'plan_ended')),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table private.billing_notices enable row level security;
revoke all on table private.billing_notices from public;

-- Claims a notice: answers the owner's address and the store's name, or {claimed: false} when it
-- was already sent (or the store has no owner address).
create or replace function public.claim_billing_notice(p_key text, p_store uuid, p_kind text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text;
  v_name text;
begin
  insert into private.billing_notices (key, store_id, kind) values (p_key, p_store, p_kind) on conflict (key) do nothing;
  update private.billing_notices set sent_at = now() where key = p_key and sent_at is null;
  if not found then return jsonb_build_object('claimed', false); end if;
  select u.email, s.name into v_email, v_name from public.stores s join auth.users u on u.id = s.owner_id where s.id = p_store;
  if v_email is null then return jsonb_build_object('claimed', false); end if;
  return jsonb_build_object('claimed', true, 'email', v_email, 'store_name', v_name);
end $$;

-- Gives a claim back when its mail could not be sent (the next delivery of the event sends it).
create or replace function public.release_billing_notice(p_key text) returns void
language sql volatile security definer set search_path = '' as $$
  update private.billing_notices set sent_at = null where key = p_key
$$;
revoke execute on function public.claim_billing_notice(text, uuid, text), public.release_billing_notice(text) from public, anon, authenticated;
grant execute on function public.claim_billing_notice(text, uuid, text), public.release_billing_notice(text) to service_role;
