-- Realtime (issue 38): what the screens listen to, written as on hosted Supabase (Realtime is
-- built in there; the embedded backend's copy reads the same publication and policies).
--
-- postgres_changes stream only the tables of the supabase_realtime publication, and each change
-- reaches a subscriber only if that subscriber may select the row under RLS:
--   orders               the buyer's /payment/success turns into downloads when the webhook commits
--   patterns             the library shows a pattern's new version when it lands
--   wholesale_accounts   the operators' wholesale review queue
--   partner_applications the operators' partner programme queues
alter publication supabase_realtime add table public.orders, public.patterns, public.wholesale_accounts, public.partner_applications;

-- A designer's new sale: store owners never read orders (rpc/store_sales does that), so the sale
-- arrives as a broadcast from the database on the private channel "store-sales:<store id>",
-- which only the store's owner may join (select policy on realtime.messages) and nobody may send
-- on (no insert policy). The message says which store sold and when, nothing of the buyer; the
-- screen reads its sales through store_sales as before.
create policy store_sales_channel_owner on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and case when realtime.topic() ~ '^store-sales:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
             then public.owns_store(substr(realtime.topic(), 13)::uuid)
             else false end
  );
-- the second factor, as on every member table: an aal1 session of a member with an app joins nothing
create policy realtime_messages_mfa on realtime.messages as restrictive for all to authenticated
  using (public.mfa_satisfied()) with check (public.mfa_satisfied());

create or replace function private.announce_sale() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_store uuid;
begin
  if new.status::text = 'paid' and old.status::text is distinct from 'paid' then
    for v_store in select distinct i.store_id from public.order_items i where i.order_id = new.id and i.store_id is not null loop
      perform realtime.send(
        jsonb_build_object('store_id', v_store, 'paid_at', new.paid_at,
                           'items', (select count(*) from public.order_items i where i.order_id = new.id and i.store_id = v_store)),
        'sale', 'store-sales:' || v_store::text, true);
    end loop;
  end if;
  return null;
end $$;
revoke all on function private.announce_sale() from public;

create trigger orders_announce_sale after update of status on public.orders
  for each row execute function private.announce_sale();
