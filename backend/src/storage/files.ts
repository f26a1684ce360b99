// Object bytes on disk: <dataDir>/storage/<bucket>/<name>/<version>. New bytes go to a temp
// file in <dataDir>/storage-tmp (same filesystem), are fsynced, then renamed into place, so a
// crash never leaves half a file under a name a database row points at.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { errors } from './errors.ts';

export interface WrittenFile {
  tmpPath: string;
  size: number;
  /** Hex md5 of the bytes (the ETag, like S3 for single-part uploads). */
  md5: string;
}

export class FileStore {
  readonly root: string;
  readonly tmpRoot: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'storage');
    this.tmpRoot = path.resolve(dataDir, 'storage-tmp');
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

  /** Streams bytes to a temp file, refusing more than maxBytes (nothing is kept then). */
  async writeTemp(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<WrittenFile> {
    await mkdir(this.tmpRoot, { recursive: true });
    const tmpPath = path.join(this.tmpRoot, randomUUID());
    const handle = await open(tmpPath, 'wx');
    const hash = createHash('md5');
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw errors.entityTooLarge();
        hash.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(tmpPath).catch(() => undefined);
      throw err;
    }
    await handle.close();
    return { tmpPath, size, md5: hash.digest('hex') };
  }

  async discardTemp(file: WrittenFile): Promise<void> {
    await unlink(file.tmpPath).catch(() => undefined);
  }

  /** Moves a finished temp file to its final place (atomic rename). */
  async commit(file: WrittenFile, bucket: string, name: string, version: string): Promise<void> {
    const target = this.objectPath(bucket, name, version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tmpPath, target);
  }

  /**
   * Makes stored bytes available under another object version (move, copy). Versions are
   * never modified in place, so a hard link is as good as a copy and costs nothing.
   */
  async duplicate(from: { bucket: string; name: string; version: string }, to: { bucket: string; name: string; version: string }): Promise<void> {
    const source = this.objectPath(from.bucket, from.name, from.version);
    const target = this.objectPath(to.bucket, to.name, to.version);
    await mkdir(path.dirname(target), { recursive: true });
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
