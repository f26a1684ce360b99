-- Ask the designer (issue 33): a buyer messages a pattern's designer (or a store), the store
-- answers, as Etsy's conversations do. No address is exchanged: each side sees the other's
-- display name (the buyer's profile name, the store's name), and mails go through the
-- designer-message function, which reads the recipient's address with the service key.
--
--   message_threads   one conversation: a buyer, a store, optionally the pattern it is about
--                     (one thread per buyer and pattern; store-level threads without one);
--                     each side's read and mail-notice times.
--   thread_messages   what was said, by which side; the sender is who called the RPC.
--
-- The parties are the thread's buyer and the store's members, which the schema models as the
-- store's owner (public.owns_store / my_store_ids). Nobody writes either table directly: posting
-- is send_designer_message (the side and the sender come from the caller, never from the
-- request), reading state is mark_thread_read, the mail notice is claim_message_notification
-- (service only). Members read their own threads under row-level security; the buyer's id and
-- the sender's id are not columns a member can read (a store never learns who a buyer is beyond
-- the name they chose to show). Every read and RPC holds the second factor (mfa_satisfied /
-- require_mfa).
--
-- Limits, as the click and referral limits: one sender's posts take turns (a transaction lock on
-- the sender), at most 10 messages a minute and 60 an hour, at most 20 new conversations a day;
-- a message is 1 to 4000 characters (shared/src/contracts/designer-message.ts says the same).
-- A burst sends one mail: at most one notice per thread and recipient side each 15 minutes.

create type public.message_side as enum ('buyer', 'store');

create table public.message_threads (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid not null references auth.users (id) on delete cascade,
  store_id uuid not null references public.stores (id) on delete cascade,
  pattern_id uuid references public.patterns (id) on delete set null,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  buyer_read_at timestamptz,
  store_read_at timestamptz,
  buyer_notified_at timestamptz,
  store_notified_at timestamptz
);
create unique index message_threads_one_per_pattern on public.message_threads (buyer_id, store_id, pattern_id) where pattern_id is not null;
create index message_threads_buyer_idx on public.message_threads (buyer_id, last_message_at desc);
create index message_threads_store_idx on public.message_threads (store_id, last_message_at desc);
create index message_threads_pattern_idx on public.message_threads (pattern_id);

create table public.thread_messages (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.message_threads (id) on delete cascade,
  sender_id uuid not null references auth.users (id) on delete cascade,
  sender_side public.message_side not null,
  body text not null constraint thread_messages_body_length check (char_length(btrim(body)) between 1 and 4000),
  created_at timestamptz not null default now()
);
create index thread_messages_thread_idx on public.thread_messages (thread_id, created_at);
create index thread_messages_sender_idx on public.thread_messages (sender_id, created_at desc);

alter table public.message_threads enable row level security;
alter table public.thread_messages enable row level security;
revoke all on public.message_threads, public.thread_messages from public, anon, authenticated;
grant all on public.message_threads, public.thread_messages to service_role;
-- what a party reads: no buyer id, no sender id, no notice times
grant select (id, store_id, pattern_id, created_at, last_message_at, buyer_read_at, store_read_at) on public.message_threads to authenticated;
grant select (id, thread_id, sender_side, body, created_at) on public.thread_messages to authenticated;

create policy message_threads_parties_read on public.message_threads for select to authenticated
  using (buyer_id = (select auth.uid()) or store_id in (select public.my_store_ids()));
create policy message_threads_mfa_read on public.message_threads as restrictive for select to authenticated
  using (public.mfa_satisfied());
-- a message is read by whoever reads its thread (the subquery is under the threads' policies)
create policy thread_messages_parties_read on public.thread_messages for select to authenticated
  using (thread_id in (select t.id from public.message_threads t));
create policy thread_messages_mfa_read on public.thread_messages as restrictive for select to authenticated
  using (public.mfa_satisfied());

-- The limits, one place each.
create or replace function public.message_max_length() returns integer language sql immutable set search_path = '' as $$ select 4000 $$;
create or replace function public.message_mail_interval() returns interval language sql immutable set search_path = '' as $$ select interval '15 minutes' $$;

-- The caller's side in a thread: 'buyer', 'store', or null when they are not a party.
create or replace function public.thread_side(p_thread public.message_threads) returns public.message_side
language sql stable set search_path = '' as $$
  select case when p_thread.buyer_id = (select auth.uid()) and not public.is_anonymous() then 'buyer'::public.message_side
              when public.owns_store(p_thread.store_id) then 'store'::public.message_side end
$$;
revoke execute on function public.thread_side(public.message_threads) from public, anon;
grant execute on function public.thread_side(public.message_threads) to authenticated, service_role;

-- Posts a message as the caller: into their thread (p_thread_id), or a question about a pattern
-- (p_pattern_id: published, or in the caller's library) or a store (p_store_id), which opens the
-- conversation or continues the one about that pattern. Answers the thread, the message and
-- whether the thread is new. Refusals: 42501 (not signed in with an account, own store, second
-- factor), PT404 (no such thread of the caller's, pattern or store), 23514 (length), 22023
-- (nothing to ask about), PT429 (limits).
create or replace function public.send_designer_message(p_body text, p_thread_id uuid default null, p_pattern_id uuid default null, p_store_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := (select auth.uid());
  v_body text := btrim(coalesce(p_body, ''));
  v_thread public.message_threads;
  v_side public.message_side;
  v_store uuid;
  v_pattern uuid;
  v_new boolean := false;
  v_message public.thread_messages;
begin
  perform public.require_mfa();
  if v_uid is null or public.is_anonymous() then
    raise exception 'Sign in with your account to message a designer'
      using errcode = '42501', hint = 'Guests can buy without an account; a conversation needs one so the designer can answer you.';
  end if;
  if char_length(v_body) = 0 then
    raise exception 'Write a message first' using errcode = '23514', hint = 'A message needs at least one character.';
  end if;
  if char_length(v_body) > public.message_max_length() then
    raise exception 'A message can be at most % characters (this one has %)', public.message_max_length(), char_length(v_body)
      using errcode = '23514', hint = 'Shorten it, or send it in two messages.';
  end if;

  -- one sender's posts take turns, so a burst of parallel calls cannot slip past the limits
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('thread_message:' || v_uid::text, 0));
  if (select count(*) from public.thread_messages m where m.sender_id = v_uid and m.created_at > now() - interval '1 minute') >= 10
     or (select count(*) from public.thread_messages m where m.sender_id = v_uid and m.created_at > now() - interval '1 hour') >= 60 then
    raise exception 'You have sent too many messages in a short time'
      using errcode = 'PT429', detail = 'messages', hint = 'At most 10 messages a minute and 60 an hour. Wait a minute and send it again.';
  end if;

  if p_thread_id is not null then
    select t.* into v_thread from public.message_threads t where t.id = p_thread_id;
    v_side := case when found then public.thread_side(v_thread) end;
    if v_side is null then
      raise exception 'Conversation not found' using errcode = 'PT404', hint = 'It may have been removed, or it belongs to another account.';
    end if;
  else
    if p_pattern_id is not null then
      select p.id, p.store_id into v_pattern, v_store from public.patterns p
       where p.id = p_pattern_id
         and (p.status = 'published'
              or exists (select 1 from public.entitlements e where e.pattern_id = p.id and e.user_id = v_uid and e.revoked_at is null));
      if not found then
        raise exception 'Pattern not found' using errcode = 'PT404', hint = 'It may no longer be sold. Patterns in your library can always be asked about.';
      end if;
    elsif p_store_id is not null then
      select s.id into v_store from public.stores s where s.id = p_store_id;
      if not found then
        raise exception 'Store not found' using errcode = 'PT404', hint = 'Check the store''s address.';
      end if;
    else
      raise exception 'Say which pattern or store the question is about' using errcode = '22023', hint = 'Pass p_thread_id, p_pattern_id or p_store_id.';
    end if;
    if public.owns_store(v_store) then
      raise exception 'This is your own store: you cannot message yourself'
        using errcode = '42501', hint = 'Buyers'' questions about your patterns appear under Messages.';
    end if;
    select t.* into v_thread from public.message_threads t
     where t.buyer_id = v_uid and t.store_id = v_store and t.pattern_id is not distinct from v_pattern
     order by t.created_at limit 1;
    if not found then
      if (select count(*) from public.message_threads t where t.buyer_id = v_uid and t.created_at > now() - interval '1 day') >= 20 then
        raise exception 'You have started too many new conversations today'
          using errcode = 'PT429', detail = 'threads', hint = 'At most 20 new conversations a day; you can still answer the ones you have.';
      end if;
      insert into public.message_threads (buyer_id, store_id, pattern_id) values (v_uid, v_store, v_pattern) returning * into v_thread;
      v_new := true;
    end if;
    v_side := 'buyer';
  end if;

  insert into public.thread_messages (thread_id, sender_id, sender_side, body)
  values (v_thread.id, v_uid, v_side, v_body) returning * into v_message;
  -- the sender has read their own conversation up to what they just said
  update public.message_threads t
     set last_message_at = v_message.created_at,
         buyer_read_at = case when v_side = 'buyer' then v_message.created_at else t.buyer_read_at end,
         store_read_at = case when v_side = 'store' then v_message.created_at else t.store_read_at end
   where t.id = v_thread.id;
  return jsonb_build_object('thread_id', v_thread.id, 'message_id', v_message.id, 'created_at', v_message.created_at,
                            'sender_side', v_side, 'new_thread', v_new);
end $$;
revoke execute on function public.send_designer_message(text, uuid, uuid, uuid) from public, anon;
grant execute on function public.send_designer_message(text, uuid, uuid, uuid) to authenticated, service_role;

-- The caller has read the thread up to now (their side's read time); PT404 when it is not theirs.
create or replace function public.mark_thread_read(p_thread_id uuid) returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_thread public.message_threads;
  v_side public.message_side;
begin
  perform public.require_mfa();
  select t.* into v_thread from public.message_threads t where t.id = p_thread_id;
  v_side := case when found then public.thread_side(v_thread) end;
  if v_side is null then
    raise exception 'Conversation not found' using errcode = 'PT404', hint = 'It may have been removed, or it belongs to another account.';
  end if;
  if v_side = 'buyer' then
    update public.message_threads t set buyer_read_at = greatest(t.buyer_read_at, now()) where t.id = p_thread_id;
  else
    update public.message_threads t set store_read_at = greatest(t.store_read_at, now()) where t.id = p_thread_id;
  end if;
  return now();
end $$;
revoke execute on function public.mark_thread_read(uuid) from public, anon;
grant execute on function public.mark_thread_read(uuid) to authenticated, service_role;

-- The caller's conversations, newest first, as the messages screen lists them: their side, the
-- store, the pattern, the other party's name (a store sees the buyer's display name, never an
-- address or id), the last message and how many of the other side's messages are unread.
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
           case when t.side = 'buyer' then s.name else coalesce(pr.display_name, 'A buyer') end,
           t.created_at, t.last_message_at, last.body, last.sender_side,
           (select count(*)::integer from public.thread_messages m
             where m.thread_id = t.id and m.sender_side <> t.side
               and m.created_at > coalesce(case when t.side = 'buyer' then t.buyer_read_at else t.store_read_at end, '-infinity'::timestamptz))
      from mine t
      join public.stores s on s.id = t.store_id
      left join public.patterns p on p.id = t.pattern_id
      left join public.profiles pr on pr.id = t.buyer_id
      left join lateral (select left(m.body, 200) as body, m.sender_side from public.thread_messages m
                          where m.thread_id = t.id order by m.created_at desc limit 1) last on true
     order by t.last_message_at desc
     limit 500;
end $$;
revoke execute on function public.my_message_threads() from public, anon;
grant execute on function public.my_message_threads() to authenticated, service_role;

-- The designer-message function, with the service key, after a message was posted: whether the
-- other side gets a mail now (at most one per thread and side each message_mail_interval(), so a
-- burst sends one) and what it says: who to (user ids; the function reads their address), the
-- sender's shown name, the store, the pattern and the message. Claiming marks the notice sent.
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
                   else coalesce((select pr.display_name from public.profiles pr where pr.id = v_thread.buyer_id), 'A buyer') end;
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
