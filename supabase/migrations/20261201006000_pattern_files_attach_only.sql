-- A store writes its file list only through attach_pattern_file (issue 31, item 12, the
-- sibling hole). attach_pattern_file (latest body: 20261201004200_storage_objects_as_stored.sql)
-- checks that the object was written by the storage service and that the size, type and sha256
-- are what storage stored — but the policies pattern_files_store_insert / _update / _delete
-- (20261122000400_row_level_security.sql) still let a store write public.pattern_files rows
-- itself through /rest/v1/pattern_files, inside its own folder, with any size_bytes and sha256:
-- a format storage never received, a checksum that is not the stored bytes', a draft past the
-- publish checklist's "at least one pattern file". Now
--   * members (anon, authenticated) have no insert, update or delete on pattern_files, and the
--     store policies that allowed them are gone: PostgREST answers 403 / 42501 "permission
--     denied for table pattern_files". Nothing writes the table as a member: the product's
--     screens only read it (mf-catalog/src/api), uploads go through attach_pattern_file
--     (security definer), removing a pattern (a draft) removes its files by the foreign key,
--     and the seed, the functions and the tests write as the platform (service role, SQL);
--   * the restrictive second-factor write policies of 20261201001100_mfa_guards_every_action.sql
--     on pattern_files go with them (they guarded member writes that no longer exist;
--     attach_pattern_file calls require_mfa() itself). The second-factor read policy stays:
--     the store and entitled buyers still read the list.
--   * the service role keeps every right (the platform may seed and repair files).

drop policy if exists pattern_files_store_insert on public.pattern_files;
drop policy if exists pattern_files_store_update on public.pattern_files;
drop policy if exists pattern_files_store_delete on public.pattern_files;
drop policy if exists pattern_files_mfa_insert on public.pattern_files;
drop policy if exists pattern_files_mfa_update on public.pattern_files;
drop policy if exists pattern_files_mfa_delete on public.pattern_files;
revoke insert, update, delete, truncate on public.pattern_files from anon, authenticated;
grant select, insert, update, delete on public.pattern_files to service_role;
