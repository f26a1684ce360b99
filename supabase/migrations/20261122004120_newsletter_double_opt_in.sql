-- Newsletter double opt-in (the newsletter function, service role only).
-- `token` (from the commerce migration) stays the long-lived unsubscribe token that every
-- newsletter mail links to; confirming uses a separate short-lived token stored only as its
-- SHA-256, so a leaked list cannot confirm anyone.
alter table public.newsletter_subscribers
  add column if not exists confirm_token_hash text
    constraint newsletter_subscribers_confirm_token_unique unique
    constraint newsletter_subscribers_confirm_token_hex check (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  -- when the current confirm token was issued (its expiry counts from here)
  add column if not exists confirm_sent_at timestamptz,
  -- when we last mailed this address anything at all (one mail per address per interval)
  add column if not exists last_mailed_at timestamptz;

-- Subscribe request. Decides what to mail, atomically per address:
--   {mail: 'confirm', token}  new or not yet confirmed or unsubscribed: the confirm mail
--   {mail: 'already', token}  confirmed: a "you are already subscribed" note
--   {mail: 'none'}            mailed within p_min_interval seconds: nothing
-- The caller answers the person the same in every case (no enumeration of the list).
create or replace function public.newsletter_request(p_email text, p_confirm_token_hash text, p_min_interval integer default 60)
returns jsonb
language plpgsql set search_path = '' as $$
declare
  v public.newsletter_subscribers;
begin
  insert into public.newsletter_subscribers (email, confirm_token_hash, confirm_sent_at, last_mailed_at)
  values (p_email, p_confirm_token_hash, now(), now())
  on conflict (email) do nothing
  returning * into v;
  if found then
    return jsonb_build_object('mail', 'confirm', 'token', v.token);
  end if;

  select * into v from public.newsletter_subscribers where email = p_email for update;
  if v.last_mailed_at is not null and v.last_mailed_at > now() - make_interval(secs => p_min_interval) then
    return jsonb_build_object('mail', 'none');
  end if;
  if v.confirmed_at is not null and v.unsubscribed_at is null then
    update public.newsletter_subscribers set last_mailed_at = now() where id = v.id;
    return jsonb_build_object('mail', 'already', 'token', v.token);
  end if;
  -- A new link replaces the previous one.
  update public.newsletter_subscribers
     set confirm_token_hash = p_confirm_token_hash, confirm_sent_at = now(), last_mailed_at = now()
   where id = v.id;
  return jsonb_build_object('mail', 'confirm', 'token', v.token);
end $$;

-- The mail could not be sent: let the person ask again at once.
create or replace function public.newsletter_mail_failed(p_email text) returns void
language sql set search_path = '' as $$
  update public.newsletter_subscribers set last_mailed_at = null where email = p_email
$$;

-- Confirm link: {status: 'confirmed' | 'already_confirmed' | 'expired' | 'invalid', email?}.
create or replace function public.newsletter_confirm(p_confirm_token_hash text, p_max_age integer default 172800)
returns jsonb
language plpgsql set search_path = '' as $$
declare
  v public.newsletter_subscribers;
begin
  select * into v from public.newsletter_subscribers where confirm_token_hash = p_confirm_token_hash for update;
  if not found then
    return jsonb_build_object('status', 'invalid');
  end if;
  if v.confirmed_at is not null and v.unsubscribed_at is null then
    return jsonb_build_object('status', 'already_confirmed', 'email', v.email);
  end if;
  if v.confirm_sent_at is null or v.confirm_sent_at < now() - make_interval(secs => p_max_age) then
    return jsonb_build_object('status', 'expired', 'email', v.email);
  end if;
  update public.newsletter_subscribers set confirmed_at = now(), unsubscribed_at = null where id = v.id;
  return jsonb_build_object('status', 'confirmed', 'email', v.email);
end $$;

-- Unsubscribe link: {status: 'unsubscribed', email} or {status: 'invalid'}. Also voids any
-- pending confirm link, so an old confirmation mail cannot subscribe the person again.
create or replace function public.newsletter_unsubscribe(p_token text) returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_email text;
begin
  update public.newsletter_subscribers
     set unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_token_hash = null
   where token = p_token
  returning email into v_email;
  if v_email is null then
    return jsonb_build_object('status', 'invalid');
  end if;
  return jsonb_build_object('status', 'unsubscribed', 'email', v_email);
end $$;

revoke execute on function public.newsletter_request(text, text, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_mail_failed(text) from public, anon, authenticated;
revoke execute on function public.newsletter_confirm(text, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_unsubscribe(text) from public, anon, authenticated;
grant execute on function public.newsletter_request(text, text, integer) to service_role;
grant execute on function public.newsletter_mail_failed(text) to service_role;
grant execute on function public.newsletter_confirm(text, integer) to service_role;
grant execute on function public.newsletter_unsubscribe(text) to service_role;
