-- The language a buyer checked out in (issue 36): the receipt and the refund emails of a guest,
-- who has no profile, go out in it; a member's saved profiles.locale wins over it. Written by the
-- checkout function with the service role, like the rest of the order; buyers read it with their order.
alter table public.orders
  add column locale text constraint orders_locale_supported check (locale = any (public.supported_locales()));

-- The follow digest goes to members (a subscriber address that is a member's): each in the member's
-- saved language (null: English).
drop function public.newsletter_follow_digest(timestamptz, timestamptz);
create function public.newsletter_follow_digest(p_since timestamptz, p_until timestamptz default now())
returns table (email text, unsubscribe_token text, locale text, patterns jsonb)
language sql stable security definer set search_path = '' as $$
  select n.email, n.token, min(pr.locale),
         jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title, 'store_name', s.name, 'store_slug', s.slug,
                                      'price_cents', p.price_cents, 'currency', p.currency, 'published_at', p.published_at)
                   order by p.published_at desc)
    from public.newsletter_subscribers n
    join auth.users u on lower(u.email) = n.email
    left join public.profiles pr on pr.id = u.id
    join public.follows f on f.follower_id = u.id
    join public.patterns p on p.store_id = f.store_id and p.status = 'published'
                          and p.published_at >= p_since and p.published_at < p_until
    join public.stores s on s.id = p.store_id
   where n.confirmed_at is not null and n.unsubscribed_at is null
   group by n.email, n.token
$$;
revoke execute on function public.newsletter_follow_digest(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.newsletter_follow_digest(timestamptz, timestamptz) to service_role;

-- One saved language for the member, wherever it is read: auth emails are written from the user's
-- metadata (GoTrue's templates see `.Data.locale`), everything else from profiles.locale. A sign-up
-- that names a language (signUp options.data.locale) saves it on the new profile; a change of the
-- profile's language is copied into the metadata.
create or replace function public.profile_locale_from_signup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.raw_user_meta_data ->> 'locale' = any (public.supported_locales()) then
    update public.profiles set locale = new.raw_user_meta_data ->> 'locale' where id = new.id and locale is null;
  end if;
  return new;
end $$;
revoke execute on function public.profile_locale_from_signup() from public, anon, authenticated;
-- after on_auth_user_created (triggers fire by name), which makes the profile
create trigger on_auth_user_locale after insert on auth.users
  for each row execute function public.profile_locale_from_signup();

create or replace function public.user_metadata_locale() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update auth.users
     set raw_user_meta_data = case when new.locale is null then coalesce(raw_user_meta_data, '{}'::jsonb) - 'locale'
                                   else coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale) end
   where id = new.id;
  return new;
end $$;
revoke execute on function public.user_metadata_locale() from public, anon, authenticated;
create trigger profiles_locale_to_metadata after update of locale on public.profiles
  for each row when (new.locale is distinct from old.locale) execute function public.user_metadata_locale();
