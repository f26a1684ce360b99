-- A pattern's title and description in other languages (issue 36): a designer adds them per
-- language, buyers see their language with the original one click away.
--   * one row per pattern and language, for the languages the product speaks
--     (public.supported_locales()), never the pattern's own first language (languages[1]: its
--     title and description are already in it);
--   * written by the pattern's store (the same rule as editing the pattern: store_id in
--     my_store_ids(); there is no staff role), under the second-factor guards of every member
--     write (20261201001100);
--   * read by whoever may read the pattern: the policy asks public.patterns, whose own policies
--     answer as the caller (published for everyone, drafts for their store, archived ones for
--     their owners, operators everything; at aal1 the published ones only);
--   * each refusal in words (check_pattern_translation), the CHECKs back it up.
-- Search indexes the translations in their language (20261204001200_search_languages.sql).

create table public.pattern_translations (
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  locale text not null constraint pattern_translations_locale_supported check (locale = any (public.supported_locales())),
  title text not null constraint pattern_translations_title_length check (char_length(btrim(title)) between 1 and 200),
  description text not null default ''
    constraint pattern_translations_description_length check (char_length(description) <= 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (pattern_id, locale)
);
create trigger pattern_translations_touch before update on public.pattern_translations
  for each row execute function public.touch_updated_at();
grant all on public.pattern_translations to service_role;

-- The rules in words. Security invoker: the pattern is read as the caller sees it, so nothing
-- is told about a pattern the caller cannot read (row-level security refuses that write).
create or replace function public.check_pattern_translation() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_first text;
begin
  if new.locale is null or not new.locale = any (public.supported_locales()) then
    raise exception 'Unknown language "%" for a translation', coalesce(new.locale, '')
      using errcode = '23514', hint = 'Use en, de, fr, es or nl.';
  end if;
  if new.title is null or char_length(btrim(new.title)) not between 1 and 200 then
    raise exception 'A translated title needs 1 to 200 characters (got %)', char_length(btrim(coalesce(new.title, '')))
      using errcode = '23514', hint = 'Give the title in that language.';
  end if;
  if char_length(coalesce(new.description, '')) > 20000 then
    raise exception 'A translated description holds at most 20000 characters (got %)', char_length(new.description)
      using errcode = '23514', hint = 'Shorten it, as the original description.';
  end if;
  select p.languages[1] into v_first from public.patterns p where p.id = new.pattern_id;
  if v_first = new.locale then
    raise exception 'This pattern is written in "%" already: its own title and description are that language', new.locale
      using errcode = '23514', hint = 'Edit the pattern itself, or translate into another language.';
  end if;
  return new;
end $$;
create trigger pattern_translations_check before insert or update on public.pattern_translations
  for each row execute function public.check_pattern_translation();

alter table public.pattern_translations enable row level security;
revoke all on public.pattern_translations from anon;
grant select on public.pattern_translations to anon;
revoke all on public.pattern_translations from authenticated;
grant select, delete on public.pattern_translations to authenticated;
grant insert (pattern_id, locale, title, description) on public.pattern_translations to authenticated;
grant update (title, description) on public.pattern_translations to authenticated;

create policy pattern_translations_read on public.pattern_translations for select to anon, authenticated
  using (pattern_id in (select p.id from public.patterns p));
create policy pattern_translations_store_insert on public.pattern_translations for insert to authenticated
  with check (pattern_id in (select p.id from public.patterns p where p.store_id in (select public.my_store_ids())));
create policy pattern_translations_store_update on public.pattern_translations for update to authenticated
  using (pattern_id in (select p.id from public.patterns p where p.store_id in (select public.my_store_ids())))
  with check (pattern_id in (select p.id from public.patterns p where p.store_id in (select public.my_store_ids())));
create policy pattern_translations_store_delete on public.pattern_translations for delete to authenticated
  using (pattern_id in (select p.id from public.patterns p where p.store_id in (select public.my_store_ids())));

-- The second factor (as 20261201001100 for every member table): writes refused in words at
-- aal1; reads at aal1 see what a visitor sees (translations of published patterns).
create policy pattern_translations_mfa_insert on public.pattern_translations as restrictive for insert to authenticated
  with check ((select public.mfa_satisfied_or_refuse()));
create policy pattern_translations_mfa_update on public.pattern_translations as restrictive for update to authenticated
  using ((select public.mfa_satisfied_or_refuse())) with check ((select public.mfa_satisfied_or_refuse()));
create policy pattern_translations_mfa_delete on public.pattern_translations as restrictive for delete to authenticated
  using ((select public.mfa_satisfied_or_refuse()));
create policy pattern_translations_mfa_read on public.pattern_translations as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or public.pattern_is_published(pattern_id));
