-- Storage buckets and their row-level security on storage.objects.
-- Paths: pattern-files  <store_id>/<pattern_id>/<format>/v<version>.pdf   (private)
--        pattern-images <store_id>/<pattern_id>/<file>                    (public read)
--        avatars        <user_id>/<file>                                  (public read)
--        store-assets   <store_id>/<file>                                 (public read)

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('pattern-files', 'pattern-files', false, 209715200, array['application/pdf', 'application/zip', 'application/x-zip-compressed']),
  -- SVG for generated covers; served from the storage origin, never the app's
  ('pattern-images', 'pattern-images', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml']),
  ('avatars', 'avatars', true, 10485760, array['image/jpeg', 'image/png', 'image/webp']),
  ('store-assets', 'store-assets', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- The n-th folder of an object path as a uuid, or null when it is not one (never an error).
create or replace function public.path_uuid(p_name text, p_segment integer) returns uuid
language sql immutable set search_path = '' as $$
  select case when split_part(p_name, '/', p_segment) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then split_part(p_name, '/', p_segment)::uuid end
$$;

-- True when the path is <store>/<pattern>/… with a pattern of that store the caller owns.
create or replace function public.owns_pattern_path(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                  where p.id = public.path_uuid(p_name, 2) and s.id = public.path_uuid(p_name, 1)
                    and s.owner_id = (select auth.uid()))
$$;

-- True when the path is <store>/<pattern>/… of a pattern of that store the caller is entitled to.
create or replace function public.entitled_to_pattern_path(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.patterns p
                  where p.id = public.path_uuid(p_name, 2) and p.store_id = public.path_uuid(p_name, 1))
     and public.has_entitlement(public.path_uuid(p_name, 2))
$$;

-- pattern-files: private. Read by the owning store and entitled buyers; written by the store.
create policy pattern_files_read on storage.objects for select to authenticated
  using (bucket_id = 'pattern-files' and (public.owns_pattern_path(name) or public.entitled_to_pattern_path(name)));
create policy pattern_files_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'pattern-files' and public.owns_pattern_path(name));
create policy pattern_files_update on storage.objects for update to authenticated
  using (bucket_id = 'pattern-files' and public.owns_pattern_path(name))
  with check (bucket_id = 'pattern-files' and public.owns_pattern_path(name));
create policy pattern_files_delete on storage.objects for delete to authenticated
  using (bucket_id = 'pattern-files' and public.owns_pattern_path(name));

-- pattern-images: public read (covers, galleries); written by the owning store.
create policy pattern_images_read on storage.objects for select to anon, authenticated
  using (bucket_id = 'pattern-images');
create policy pattern_images_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'pattern-images' and public.owns_pattern_path(name));
create policy pattern_images_update on storage.objects for update to authenticated
  using (bucket_id = 'pattern-images' and public.owns_pattern_path(name))
  with check (bucket_id = 'pattern-images' and public.owns_pattern_path(name));
create policy pattern_images_delete on storage.objects for delete to authenticated
  using (bucket_id = 'pattern-images' and public.owns_pattern_path(name));

-- avatars: public read; each user writes in their own folder.
create policy avatars_read on storage.objects for select to anon, authenticated
  using (bucket_id = 'avatars');
create policy avatars_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and public.path_uuid(name, 1) = (select auth.uid()));
create policy avatars_update on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and public.path_uuid(name, 1) = (select auth.uid()))
  with check (bucket_id = 'avatars' and public.path_uuid(name, 1) = (select auth.uid()));
create policy avatars_delete on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and public.path_uuid(name, 1) = (select auth.uid()));

-- store-assets: public read (logos, banners); the store owner writes in the store's folder.
create policy store_assets_read on storage.objects for select to anon, authenticated
  using (bucket_id = 'store-assets');
create policy store_assets_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'store-assets' and public.owns_store(public.path_uuid(name, 1)));
create policy store_assets_update on storage.objects for update to authenticated
  using (bucket_id = 'store-assets' and public.owns_store(public.path_uuid(name, 1)))
  with check (bucket_id = 'store-assets' and public.owns_store(public.path_uuid(name, 1)));
create policy store_assets_delete on storage.objects for delete to authenticated
  using (bucket_id = 'store-assets' and public.owns_store(public.path_uuid(name, 1)));

-- The reports every installation offers (reference data, not demo data).
insert into public.reports (slug, title, description, audience, sort_order) values
  ('sales', 'Sales', 'Orders and revenue by day, pattern and format, after platform fees.', 'store', 10),
  ('pattern-performance', 'Pattern performance', 'Views, sales and conversion for each of your patterns.', 'store', 20),
  ('downloads', 'Downloads', 'Downloads per pattern and format, and buyers close to the hourly limit.', 'store', 30),
  ('customers', 'Customers', 'Who bought what and when, new versus returning buyers.', 'store', 40),
  ('payouts', 'Payouts', 'What you earned, the platform fee, and what was paid out to your account.', 'store', 50),
  ('wholesale', 'Wholesale', 'Printed copies ordered by approved wholesale accounts, by shop.', 'store', 60),
  ('in-shop-sales', 'In-shop sales', 'Printed patterns sold in shops through the point-of-sale integration, and royalties owed.', 'store', 70),
  ('platform-totals', 'Platform totals', 'Marketplace-wide orders, revenue, fees, refunds, new stores and sign-ups.', 'operator', 80)
on conflict (slug) do nothing;
