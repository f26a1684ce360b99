// Object bytes on disk: <dataDir>/storage/<bucket>/<name>/<version>. New bytes go to a temp
// file in <dataDir>/storage-tmp (same filesystem), are fsynced, then renamed into place before
// the row commits, so a crash never leaves half a file under a name, nor a row without its
// file. A file placed whose row then never committed is noted in storage-pending and
// removed at the next start.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentCheck } from './content.ts';
import { errors } from './errors.ts';
import { isSafeObjectName } from './names.ts';

export interface WrittenFile {
  tmpPath: string;
  size: number;
  /** Hex md5 of the bytes (the ETag, like S3 for single-part uploads). */
  md5: string;
  /** Hex sha256 of the bytes, as stored (metadata.sha256: what attach_pattern_file checks a declared checksum against). */
  sha256: string;
}

export class FileStore {
  readonly root: string;
  readonly tmpRoot: string;
  private readonly pendingRoot: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'storage');
    this.tmpRoot = path.resolve(dataDir, 'storage-tmp');
    this.pendingRoot = path.resolve(dataDir, 'storage-pending');
  }

  /** Leftovers of uploads interrupted by a crash are never referenced: drop them. */
  async clearTemp(): Promise<void> {
    await rm(this.tmpRoot, { recursive: true, force: true });
  }

  objectPath(bucket: string, name: string, version: string): string {
    const full = path.resolve(this.root, bucket, ...name.split('/'), version);
    // Names are validated before this point; this guards the invariant anyway.
    if (!full.startsWith(this.root + path.sep)) throw errors.invalidKey(name);
    return full;
  }

  /**
   * Streams bytes to a temp file, refusing more than maxBytes or bytes the content check
   * refuses (nothing is kept then); fsynced before it is handed back.
   */
  async writeTemp(body: AsyncIterable<Uint8Array>, maxBytes: number, check?: ContentCheck): Promise<WrittenFile> {
    await mkdir(this.tmpRoot, { recursive: true });
    const tmpPath = path.join(this.tmpRoot, randomUUID());
    const handle = await open(tmpPath, 'wx');
    const hash = createHash('md5');
    const sha256 = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw errors.entityTooLarge();
        await check?.push(chunk);
        hash.update(chunk);
        sha256.update(chunk);
        await handle.write(chunk);
      }
      await check?.finish();
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(tmpPath).catch(() => undefined);
      throw err;
    }
    await handle.close();
    return { tmpPath, size, md5: hash.digest('hex'), sha256: sha256.digest('hex') };
  }

  async discardTemp(file: WrittenFile): Promise<void> {
    await unlink(file.tmpPath).catch(() => undefined);
  }

  /**
   * Moves a finished temp file to its final place (atomic rename), then fsyncs the folder so
   * the rename itself survives a power cut before the row that points at it commits.
   */
  async commit(file: WrittenFile, bucket: string, name: string, version: string): Promise<void> {
    const target = this.objectPath(bucket, name, version);
    await mkdir(path.dirname(target), { recursive: true });
    await this.notePending(bucket, name, version);
    await rename(file.tmpPath, target);
    await syncFolder(path.dirname(target));
  }

  /**
   * Notes that a version file is about to appear before the row naming it commits. A crash
   * in between leaves the file without a row; the next start reads these notes (in
   * <dataDir>/storage-pending) and removes such files (recoverPending). Called by commit and duplicate; settle() drops the note.
   */
  private async notePending(bucket: string, name: string, version: string): Promise<void> {
    await mkdir(this.pendingRoot, { recursive: true });
    await writeFile(path.join(this.pendingRoot, `${version}.json`), JSON.stringify({ bucket, name, version }));
  }

  /** The row's transaction has ended (committed or not): the note is no longer needed. */
  async settle(version: string): Promise<void> {
    await unlink(path.join(this.pendingRoot, `${version}.json`)).catch(() => undefined);
  }

  /**
   * At start, before any write: files noted as pending whose row never committed are
   * removed, then the notes. Returns how many files. Only noted files are looked at.
   */
  async recoverPending(committed: (bucket: string, name: string, version: string) => Promise<boolean>): Promise<number> {
    let notes: string[];
    try {
      notes = (await readdir(this.pendingRoot)).filter((f) => f.endsWith('.json'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const note of notes) {
      let entry: { bucket?: unknown; name?: unknown; version?: unknown };
      try {
        entry = JSON.parse(await readFile(path.join(this.pendingRoot, note), 'utf8'));
      } catch {
        continue; // torn note: it was written before its file was placed, so no file to remove
      }
      const { bucket, name, version } = entry;
      if (typeof bucket !== 'string' || typeof name !== 'string' || typeof version !== 'string') continue;
      if (!isSafeObjectName(name) || !/^[0-9a-f-]{36}$/.test(version)) continue;
      if (await committed(bucket, name, version)) continue;
      try {
        await this.remove(bucket, name, version);
        removed++;
      } catch {
        // a note that names no place in the store (bad bucket): nothing of ours to remove
      }
    }
    await rm(this.pendingRoot, { recursive: true, force: true });
    return removed;
  }

  /**
   * Makes stored bytes available under another object version (move, copy). Versions are
   * never modified in place, so a hard link is as good as a copy and costs nothing.
   */
  async duplicate(from: { bucket: string; name: string; version: string }, to: { bucket: string; name: string; version: string }): Promise<void> {
    const source = this.objectPath(from.bucket, from.name, from.version);
    const target = this.objectPath(to.bucket, to.name, to.version);
    await mkdir(path.dirname(target), { recursive: true });
    await this.notePending(to.bucket, to.name, to.version);
    try {
      await link(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
      // Filesystems without hard links: copy through a temp file so the target appears whole.
      await mkdir(this.tmpRoot, { recursive: true });
      const tmpPath = path.join(this.tmpRoot, randomUUID());
      await copyFile(source, tmpPath);
      await rename(tmpPath, target);
    }
  }

  read(bucket: string, name: string, version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.objectPath(bucket, name, version), range);
  }

  async size(bucket: string, name: string, version: string): Promise<number> {
    return (await stat(this.objectPath(bucket, name, version))).size;
  }

  /** Deletes one version and prunes folders left empty, up to the bucket folder. */
  async remove(bucket: string, name: string, version: string): Promise<void> {
    const file = this.objectPath(bucket, name, version);
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    const bucketDir = path.resolve(this.root, bucket);
    let dir = path.dirname(file);
    while (dir.startsWith(bucketDir + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (other versions or objects below it)
      }
      dir = path.dirname(dir);
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(path.resolve(this.root, bucket), { recursive: true, force: true });
  }
}

/** fsync of a folder: makes a rename or new entry in it durable (no-op where unsupported). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL' && (err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
  } finally {
    await handle.close();
  }
}
