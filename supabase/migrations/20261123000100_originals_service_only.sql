-- Pattern originals are read only by the store that owns them and by the service role
-- (the download function), never by buyers: a buyer's copy is always the stamped one that
-- /functions/v1/download makes, records and rate-limits. Before this, an entitled buyer
-- could read (and sign a URL to) the unstamped original straight from storage.
-- The store owner keeps read access: they own the file, and an upsert under RLS needs it.
drop policy if exists pattern_files_read on storage.objects;
create policy pattern_files_read on storage.objects for select to authenticated
  using (bucket_id = 'pattern-files' and public.owns_pattern_path(name));

