-- Store addresses (issue #11, after 20261123002000_account.sql): an address another store has
-- now gets the same words as one it had before, not the unique index's "duplicate key".
create or replace function public.guard_store_slug_history() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.stores s where s.slug = new.slug and s.id <> new.id)
     or exists (select 1 from public.store_slug_redirects r where r.old_slug = new.slug and r.store_id <> new.id) then
    raise exception 'The store address "%" is taken', new.slug
      using errcode = '23505', hint = 'Another store has it, or had it and its old links still lead there. Choose another address.';
  end if;
  -- Taking back one of its own old addresses: it is current again, not a redirect.
  delete from public.store_slug_redirects r where r.old_slug = new.slug and r.store_id = new.id;
  return new;
end $$;

-- Wholesale applications (issue #11): the VAT or tax id checked for the applicant's country,
-- a resale certificate in private storage, operators' review in one checked step, re-applying
-- after a rejection. Approval makes public.is_wholesale_buyer() true at once (wholesale prices).

-- The tax id's shape per country, on the typed value without spaces, dots and hyphens (the
-- typed value is kept). Mirrors shared/src/account/taxId.ts. Countries not listed: the
-- generic format check of the table (wholesale_accounts_tax_id_format).
create or replace function public.tax_id_pattern(p_country text) returns text
language sql immutable set search_path = '' as $$
  select case upper(p_country)
    when 'AT' then '^ATU[0-9]{8}$'
    when 'BE' then '^BE[01][0-9]{9}$'
    when 'BG' then '^BG[0-9]{9,10}$'
    when 'CY' then '^CY[0-9]{8}[A-Z]$'
    when 'CZ' then '^CZ[0-9]{8,10}$'
    when 'DE' then '^DE[0-9]{9}$'
    when 'DK' then '^DK[0-9]{8}$'
    when 'EE' then '^EE[0-9]{9}$'
    when 'GR' then '^EL[0-9]{9}$'
    when 'ES' then '^ES[A-Z0-9][0-9]{7}[A-Z0-9]$'
    when 'FI' then '^FI[0-9]{8}$'
    when 'FR' then '^FR[A-Z0-9]{2}[0-9]{9}$'
    when 'HR' then '^HR[0-9]{11}$'
    when 'HU' then '^HU[0-9]{8}$'
    when 'IE' then '^IE([0-9]{7}[A-Z]{1,2}|[0-9][A-Z+*][0-9]{5}[A-Z])$'
    when 'IT' then '^IT[0-9]{11}$'
    when 'LT' then '^LT([0-9]{9}|[0-9]{12})$'
    when 'LU' then '^LU[0-9]{8}$'
    when 'LV' then '^LV[0-9]{11}$'
    when 'MT' then '^MT[0-9]{8}$'
    when 'NL' then '^NL[0-9]{9}B[0-9]{2}$'
    when 'PL' then '^PL[0-9]{10}$'
    when 'PT' then '^PT[0-9]{9}$'
    when 'RO' then '^RO[0-9]{2,10}$'
    when 'SE' then '^SE[0-9]{12}$'
    when 'SI' then '^SI[0-9]{8}$'
    when 'SK' then '^SK[0-9]{10}$'
    when 'GB' then '^GB([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$'
    when 'US' then '^(US)?[0-9]{9}$'
    when 'CA' then '^(CA)?[0-9]{9}(RT[0-9]{4})?$'
    when 'AU' then '^(AU)?[0-9]{11}$'
    when 'CH' then '^CHE[0-9]{9}(MWST|TVA|IVA)?$'
    when 'NO' then '^(NO)?[0-9]{9}(MVA)?$'
    else null
  end
$$;

create or replace function public.tax_id_matches_country(p_country text, p_tax_id text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(upper(regexp_replace(coalesce(p_tax_id, ''), '[\s.-]', '', 'g')) ~ public.tax_id_pattern(p_country), true)
$$;

alter table public.wholesale_accounts add column document_path text;
grant insert (document_path), update (document_path) on public.wholesale_accounts to authenticated;

create or replace function public.check_wholesale_application() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (tg_op = 'INSERT' or new.tax_id is distinct from old.tax_id or new.country is distinct from old.country)
     and not public.tax_id_matches_country(new.country, new.tax_id) then
    raise exception 'This VAT or tax number does not look right for %', new.country
      using errcode = '23514', hint = 'Check the number on your registration or VAT certificate, including the country prefix.';
  end if;
  -- The certificate must be the applicant's own upload (their folder of the private bucket).
  if new.document_path is not null and split_part(new.document_path, '/', 1) <> new.user_id::text then
    raise exception 'The resale certificate must be one you uploaded' using errcode = '42501';
  end if;
  -- Re-applying after a rejection: a fresh, unreviewed application.
  if tg_op = 'UPDATE' and old.status = 'rejected' and new.status = 'pending' then
    new.reason := null;
    new.reviewer_id := null;
    new.reviewed_at := null;
  end if;
  return new;
end $$;
create trigger wholesale_accounts_check before insert or update on public.wholesale_accounts
  for each row execute function public.check_wholesale_application();

-- Operators review in one step: status, reason, who and when, and the wholesale role.
create or replace function public.review_wholesale_application(p_application uuid, p_decision text, p_reason text default null)
returns public.wholesale_accounts
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.wholesale_accounts;
begin
  if not public.is_operator() then
    raise exception 'Only operators review wholesale applications' using errcode = '42501';
  end if;
  if p_decision not in ('approve', 'reject') then
    raise exception 'The decision is approve or reject' using errcode = '22023';
  end if;
  if p_decision = 'reject' and nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Say why the application is rejected' using errcode = '23514', hint = 'The applicant reads this reason and can apply again.';
  end if;
  update public.wholesale_accounts
     set status = case p_decision when 'approve' then 'approved' else 'rejected' end,
         reason = case p_decision when 'approve' then null else btrim(p_reason) end,
         reviewer_id = auth.uid(), reviewed_at = now()
   where id = p_application and status = 'pending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This application is not waiting for review any more' using errcode = '22023';
  end if;
  if p_decision = 'approve' then
    insert into public.user_roles (user_id, role, granted_by) values (v_row.user_id, 'wholesale', auth.uid()) on conflict do nothing;
  else
    delete from public.user_roles where user_id = v_row.user_id and role = 'wholesale';
  end if;
  return v_row;
end $$;
revoke execute on function public.review_wholesale_application(uuid, text, text) from public, anon;
grant execute on function public.review_wholesale_application(uuid, text, text) to authenticated;

-- Resale certificates: private, <user_id>/<file>; the applicant and operators read them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('wholesale-documents', 'wholesale-documents', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;
create policy wholesale_documents_read on storage.objects for select to authenticated
  using (bucket_id = 'wholesale-documents' and (public.path_uuid(name, 1) = (select auth.uid()) or (select public.is_operator())));
create policy wholesale_documents_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'wholesale-documents' and public.path_uuid(name, 1) = (select auth.uid()));
create policy wholesale_documents_update on storage.objects for update to authenticated
  using (bucket_id = 'wholesale-documents' and public.path_uuid(name, 1) = (select auth.uid()))
  with check (bucket_id = 'wholesale-documents' and public.path_uuid(name, 1) = (select auth.uid()));
create policy wholesale_documents_delete on storage.objects for delete to authenticated
  using (bucket_id = 'wholesale-documents' and public.path_uuid(name, 1) = (select auth.uid()));
