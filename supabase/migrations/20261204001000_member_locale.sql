-- The member's saved language (issue 36): profiles.locale, one of the five languages the
-- product speaks (en, de, fr, es, nl), null while the member has not chosen (the browser's
-- Accept-Language, then English, decide). The member updates it through PostgREST like the
-- rest of their profile (profiles_update_own, and the restrictive second-factor policies of
-- 20261201001100 on every profile write); emails read it with the service role.
-- public.supported_locales() names the five once: pattern_translations and search use it too.

create or replace function public.supported_locales() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['en', 'de', 'fr', 'es', 'nl']
$$;
grant execute on function public.supported_locales() to anon, authenticated, service_role;

alter table public.profiles
  add column locale text constraint profiles_locale_supported check (locale = any (public.supported_locales()));
grant update (locale) on public.profiles to authenticated;

-- The CHECK above in words (a BEFORE trigger runs before the CHECKs).
create or replace function public.check_profile_locale() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.locale is not null and not new.locale = any (public.supported_locales()) then
    raise exception 'Unknown language "%"', new.locale
      using errcode = '23514', hint = 'Use en, de, fr, es or nl, or null to follow the browser''s language.';
  end if;
  return new;
end $$;
create trigger profiles_check_locale before insert or update of locale on public.profiles
  for each row execute function public.check_profile_locale();
