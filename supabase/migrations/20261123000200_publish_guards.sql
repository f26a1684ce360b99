-- Publishing guards that only covered updates (issue 14, finding 9):
-- 1. A store inserting a pattern straight as 'published' skipped the publish checklist and
--    could set published_at to any date (2099: first in "newest" forever). The checklist now
--    runs on insert too, and published_at is stamped by the database for stores.
-- 2. A shop could update its stock row to any pattern (drafts, other stores' work) or move it
--    to a store that is not a retail shop: updates now pass the same check as inserts.
-- 3. pattern_publish_gaps ran for anon as security definer and told anyone whether a draft
--    had files: now the caller's own rights apply, and only the pattern's store (operators,
--    service role) may ask.

-- (3) What a pattern still needs before it can be published (empty = ready).
create or replace function public.pattern_publish_gaps(p public.patterns) returns text[]
language plpgsql stable security invoker set search_path = '' as $$
begin
  -- The row is the caller's to pass, so its store is checked here and the files are read with
  -- the caller's row-level security: a forged row learns nothing about another store's files.
  if current_user in ('anon', 'authenticated')
     and not (p.store_id in (select public.my_store_ids()) or (select public.is_operator())) then
    raise exception 'Only the pattern''s store can see what it still needs before publishing'
      using errcode = '42501';
  end if;
  return array_remove(array[
    case when nullif(btrim(p.title), '') is null then 'a title' end,
    case when p.cover_path is null then 'a cover image' end,
    case when not exists (select 1 from public.pattern_files f where f.pattern_id = p.id) then 'at least one pattern file' end
  ], null);
end $$;
revoke execute on function public.pattern_publish_gaps(public.patterns) from public, anon;
grant execute on function public.pattern_publish_gaps(public.patterns) to authenticated, service_role;

-- (1) Stores publish only complete patterns, on insert as on update (the platform's service
-- role may seed anything). On insert a store's published_at is cleared here, so that
-- prepare_pattern, which runs next (BEFORE triggers fire in name order: "check" < "prepare"),
-- stamps now(); on update prepare_pattern already keeps the stored date.
create or replace function public.check_pattern_publishable() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_gaps text[];
begin
  if tg_op = 'INSERT' and current_user in ('anon', 'authenticated') then
    new.published_at := null;
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') and current_user = 'authenticated' then
    v_gaps := public.pattern_publish_gaps(new);
    if cardinality(v_gaps) > 0 then
      raise exception 'This pattern needs % before it can be published', array_to_string(v_gaps, ', ')
        using errcode = '23514', hint = 'Save it as a draft, then complete the checklist on the edit page.';
    end if;
  end if;
  return new;
end $$;
create trigger patterns_check_publishable_insert before insert on public.patterns
  for each row execute function public.check_pattern_publishable();

-- (2) A shop's stock row, after an update, must still be a published pattern in a retail shop it owns.
drop policy store_stock_shop_update on public.store_stock;
create policy store_stock_shop_update on public.store_stock for update to authenticated
  using (store_id in (select public.my_store_ids()))
  with check (store_id in (select s.id from public.stores s where s.owner_id = (select auth.uid()) and s.kind = 'retailer')
              and pattern_id in (select p.id from public.patterns p where p.status = 'published'));
