-- Account exports (issue #11): the ZIP the export function builds, kept for the emailed link.
-- Private and written only by the function (service role); the member downloads through a
-- signed URL the function makes. No policies for members: nobody lists or reads the folder.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('account-exports', 'account-exports', false, 209715200, array['application/zip'])
on conflict (id) do nothing;
