-- Ask the designer (issue 33), follow-up: no address, not even half of one. A member who never
-- chose a name is called by the start of their address (handle_new_user: "bea.smith" for
-- bea.smith@example.com), so showing the buyer's display name to a store leaked part of it.
-- The store now sees the buyer's name only when the buyer chose one (it is not their address's
-- local part and holds no "@"); otherwise the store's own pseudonym of that buyer, "Buyer
-- XXXXXX" (private.buyer_pseudonym, the keyed hash the sales reports use: the same buyer reads
-- the same to one store, differently to another). my_message_threads and the notice's
-- sender name (claim_message_notification) both use it.

create or replace function public.message_buyer_name(p_store_id uuid, p_buyer uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case when pr.display_name is null
                or lower(btrim(pr.display_name)) = lower(split_part(coalesce(u.email, ''), '@', 1))
                or strpos(pr.display_name, '@') > 0
              then coalesce(private.buyer_pseudonym(s.owner_id, p_buyer), 'A buyer')
              else btrim(pr.display_name) end
    from public.stores s
    left join auth.users u on u.id = p_buyer
    left join public.profiles pr on pr.id = p_buyer
   where s.id = p_store_id
$$;
revoke execute on function public.message_buyer_name(uuid, uuid) from public, anon, authenticated;
grant execute on function public.message_buyer_name(uuid, uuid) to service_role;

create or replace function public.my_message_threads()
returns table (thread_id uuid, my_side public.message_side, store_id uuid, store_name text, store_slug text, pattern_id uuid,
               pattern_title text, other_party text, created_at timestamptz, last_message_at timestamptz, last_message text,
               last_from public.message_side, unread integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_mfa();
  if (select auth.uid()) is null or public.is_anonymous() then return; end if;
  return query
    with mine as (
      select t.*, public.thread_side(t) as side from public.message_threads t
       where t.buyer_id = (select auth.uid()) or t.store_id in (select public.my_store_ids())
    )
    select t.id, t.side, s.id, s.name, s.slug, t.pattern_id, p.title,
           case when t.side = 'buyer' then s.name else public.message_buyer_name(t.store_id, t.buyer_id) end,
           t.created_at, t.last_message_at, last.body, last.sender_side,
           (select count(*)::integer from public.thread_messages m
             where m.thread_id = t.id and m.sender_side <> t.side
               and m.created_at > coalesce(case when t.side = 'buyer' then t.buyer_read_at else t.store_read_at end, '-infinity'::timestamptz))
      from mine t
      join public.stores s on s.id = t.store_id
      left join public.patterns p on p.id = t.pattern_id
      left join lateral (select left(m.body, 200) as body, m.sender_side from public.thread_messages m
                          where m.thread_id = t.id order by m.created_at desc limit 1) last on true
     order by t.last_message_at desc
     limit 500;
end $$;
revoke execute on function public.my_message_threads() from public, anon;
grant execute on function public.my_message_threads() to authenticated, service_role;

create or replace function public.claim_message_notification(p_message_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_message public.thread_messages;
  v_thread public.message_threads;
  v_to public.message_side;
  v_claimed boolean;
  v_store public.stores;
  v_title text;
  v_sender text;
begin
  select m.* into v_message from public.thread_messages m where m.id = p_message_id;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  v_to := case when v_message.sender_side = 'buyer' then 'store'::public.message_side else 'buyer'::public.message_side end;
  if v_to = 'store' then
    update public.message_threads t set store_notified_at = now()
     where t.id = v_message.thread_id and (t.store_notified_at is null or t.store_notified_at <= now() - public.message_mail_interval())
    returning * into v_thread;
  else
    update public.message_threads t set buyer_notified_at = now()
     where t.id = v_message.thread_id and (t.buyer_notified_at is null or t.buyer_notified_at <= now() - public.message_mail_interval())
    returning * into v_thread;
  end if;
  v_claimed := found;
  if not v_claimed then
    return jsonb_build_object('notify', false);
  end if;
  select s.* into v_store from public.stores s where s.id = v_thread.store_id;
  select p.title into v_title from public.patterns p where p.id = v_thread.pattern_id;
  v_sender := case when v_message.sender_side = 'store' then v_store.name
                   else public.message_buyer_name(v_thread.store_id, v_thread.buyer_id) end;
  return jsonb_build_object(
    'notify', true,
    'thread_id', v_thread.id,
    'recipient_side', v_to,
    'recipient_ids', case when v_to = 'buyer' then jsonb_build_array(v_thread.buyer_id) else jsonb_build_array(v_store.owner_id) end,
    'sender_name', v_sender,
    'store_name', v_store.name,
    'pattern_title', v_title,
    'body', v_message.body);
end $$;
revoke execute on function public.claim_message_notification(uuid) from public, anon, authenticated;
grant execute on function public.claim_message_notification(uuid) to service_role;
