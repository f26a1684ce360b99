// SQL for storage.buckets and storage.objects. Functions taking a client run inside the
// caller's transaction (withClaims: as the request's role under RLS, or a superuser one).
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: string | null; // bigint comes back as text
  allowed_mime_types: string[] | null;
  type: string;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  /**
   * Hex sha256 of the stored bytes, measured by this service while it wrote them (hosted
   * Storage records none). Rows written as a member role never carry it (the
   * storage.objects trigger of 20261201004200_storage_objects_as_stored.sql).
   */
  sha256?: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date | null;
}

const bucketColumns = 'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type, created_at, updated_at';
const objectColumns = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await db.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export interface BucketListOptions {
  limit?: number;
  offset?: number;
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  search?: string;
}

export async function listBuckets(db: Queryable, opts: BucketListOptions): Promise<BucketRow[]> {
  // sortColumn/sortOrder come from a closed zod enum, so interpolating them is safe.
  const { rows } = await db.query<BucketRow>(
    `select ${bucketColumns} from storage.buckets
     where ($1::text is null or name ilike '%' || $1 || '%')
     order by ${opts.sortColumn} ${opts.sortOrder} limit $2 offset $3`,
    [opts.search ?? null, opts.limit ?? null, opts.offset ?? 0],
  );
  return rows;
}

export interface BucketFields {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

export async function insertBucket(
  db: Queryable,
  bucket: { id: string; name: string; owner: string | null; owner_id: string | null; type: string } & BucketFields,
): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      bucket.id,
      bucket.name,
      bucket.owner,
      bucket.owner_id,
      bucket.public ?? false,
      bucket.file_size_limit ?? null,
      bucket.allowed_mime_types ?? null,
      bucket.type,
    ],
  );
}

/** Only the fields present are changed; returns false when no visible bucket matched. */
export async function updateBucket(db: Queryable, id: string, fields: BucketFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5::bigint else file_size_limit end,
       allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
       updated_at = now()
     where id = $1`,
    [
      id,
      fields.public !== undefined,
      fields.public ?? false,
      fields.file_size_limit !== undefined,
      fields.file_size_limit ?? null,
      fields.allowed_mime_types !== undefined,
      fields.allowed_mime_types ?? null,
    ],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteBucket(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from storage.buckets where id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function bucketHasObjects(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  return rows.length > 0;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(`select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]);
  return rows[0];
}

export async function objectVersionExists(db: Queryable, bucket: string, name: string, version: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2 and version = $3', [bucket, name, version]);
  return rows.length > 0;
}

export async function findObjects(db: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(`select ${objectColumns} from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucket, names]);
  return rows;
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
}

/**
 * The statement Supabase uses both for the permission dry-run (as the user) and for the
 * final write (as superuser). With upsert an existing row is overwritten, which under RLS
 * also needs the UPDATE policy and SELECT visibility.
 */
export async function insertObject(db: Queryable, o: NewObject, upsert: boolean): Promise<{ id: string }> {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
    : '';
  const { rows } = await db.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7) ${conflict} returning id`,
    [o.bucket, o.name, o.owner, o.owner_id, o.version, JSON.stringify(o.metadata), o.user_metadata === null ? null : JSON.stringify(o.user_metadata)],
  );
  return rows[0]!;
}

/** Current version of an object, locked until the transaction ends (superuser finalize). */
export async function lockObjectVersion(db: Queryable, bucket: string, name: string): Promise<string | null | undefined> {
  const { rows } = await db.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2 for update', [
    bucket,
    name,
  ]);
  return rows[0] === undefined ? undefined : rows[0].version;
}

export async function deleteObjects(db: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${objectColumns}`, [
    bucket,
    names,
  ]);
  return rows;
}

export async function deleteAllObjects(db: Queryable, bucket: string): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 returning ${objectColumns}`, [bucket]);
  return rows;
}

export async function renameObject(
  db: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string; version: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now()
     where bucket_id = $1 and name = $2`,
    [from.bucket, from.name, to.bucket, to.name, to.version],
  );
  return (rowCount ?? 0) > 0;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectMetadata | null;
}

export async function searchObjects(
  db: Queryable,
  args: { prefix: string; bucket: string; limit: number; offset: number; search: string; sortColumn: string; sortOrder: string },
): Promise<ListEntry[]> {
  const levels = args.prefix === '' ? 1 : args.prefix.split('/').length;
  const { rows } = await db.query<ListEntry>('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
    args.prefix,
    args.bucket,
    args.limit,
    levels,
    args.offset,
    args.search,
    args.sortColumn,
    args.sortOrder,
  ]);
  return rows;
}

/** One entry of a list-v2 page: an object, or (id null) a folder of the delimited listing. */
export interface ListV2Row extends ListEntry {
  /** What the page is ordered and paged by: the name, a folder's with its trailing "/". */
  sort_key: string;
}

export interface ListV2Args {
  bucket: string;
  prefix: string;
  /** Folders: names past the prefix are cut at the next "/" and grouped (with_delimiter). */
  delimited: boolean;
  sortColumn: 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  /** Rows to fetch (the page size plus one, to tell whether there is a next page). */
  limit: number;
  /** The last row of the previous page: its sort key and, with a time column, its time. */
  after?: { key: string; time?: string };
}

/**
 * Storage's list-v2 (storage.search_v2 / list_objects_with_delimiter / search_by_timestamp) as one
 * query, run as the caller so only rows its RLS lets it see are listed or make a folder. Names
 * compare bytewise (COLLATE "C"); the prefix is literal text; a folder's times are its oldest
 * object's creation when ordered by a time, none when ordered by name.
 */
export async function listObjectsV2(db: Queryable, a: ListV2Args): Promise<ListV2Row[]> {
  const pattern = a.prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%';
  const byTime = a.sortColumn !== 'name';
  const order = a.sortOrder === 'desc' ? 'desc' : 'asc';
  const op = order === 'asc' ? '>' : '<';
  const column = a.sortColumn === 'created_at' ? 'created_at' : 'updated_at';
  const values: unknown[] = [a.bucket, pattern, a.prefix.length, a.delimited, a.limit];
  let cursor = '';
  if (a.after) {
    values.push(a.after.key);
    if (byTime) {
      values.push(a.after.time ?? '');
      cursor = `where (coalesce(date_trunc('milliseconds', e.${column}), 'epoch'::timestamptz), e.sort_key collate "C")
                ${op} (coalesce(nullif($7, '')::timestamptz, 'epoch'::timestamptz), $6::text collate "C")`;
    } else {
      cursor = `where e.sort_key collate "C" ${op} $6::text collate "C"`;
    }
  }
  const folderTime = byTime ? 'min(r.created_at)' : 'null::timestamptz';
  const orderBy = byTime
    ? `coalesce(date_trunc('milliseconds', e.${column}), 'epoch'::timestamptz) ${order}, e.sort_key collate "C" ${order}`
    : `e.sort_key collate "C" ${order}`;
  const { rows } = await db.query<ListV2Row>(
    `with raw as (
       select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              case when $4::boolean and strpos(substr(o.name, $3::int + 1), '/') > 0
                then left(o.name, $3::int + strpos(substr(o.name, $3::int + 1), '/')) end as folder
       from storage.objects o
       where o.bucket_id = $1 and o.name collate "C" like $2
     ), entries as (
       select rtrim(r.folder, '/') as name, null::uuid as id, ${folderTime} as updated_at, ${folderTime} as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, r.folder as sort_key
       from raw r where r.folder is not null group by r.folder
       union all
       select r.name, r.id, r.updated_at, r.created_at, r.last_accessed_at, r.metadata, r.name as sort_key
       from raw r where r.folder is null
     )
     select e.* from entries e ${cursor} order by ${orderBy} limit $5`,
    values,
  );
  return rows;
}
