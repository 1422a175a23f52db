// Uploaded files on local disk (DESIGN.md section 2): streamed to a temp name, fsynced, then renamed into place,
// so a crash or a refused upload never leaves a half-written file under a real name.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How many leading bytes of each upload are kept to check its type (magic bytes). */
const HEAD_BYTES = 16;

/** An upload written to a temp file: keep it (commit) under a storage key, or throw it away (discard). */
export interface TempFile {
  size: number;
  sha256: string;
  /** The first bytes, for a magic-bytes check. */
  head: Buffer;
  /** Renames the temp file to `<folder>/<random>.<extension>` and returns that storage key. */
  commit(folder: string, extension: string): Promise<string>;
  discard(): Promise<void>;
}

export class FileStorage {
  constructor(private readonly root: string) {}

  /** Streams to a fsynced temp file. The caller must commit() or discard() it. */
  async write(source: Readable): Promise<TempFile> {
    const tmpDir = join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      const handle = await open(tmpPath, 'wx', 0o600);
      try {
        await pipeline(source, meter, createWriteStream('', { fd: handle.fd, autoClose: false }));
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await rm(tmpPath, { force: true });
      throw error;
    }
    let settled = false;
    return {
      size,
      sha256: hash.digest('hex'),
      head,
      commit: async (folder, extension) => {
        if (settled) throw new Error('temp file already settled');
        settled = true;
        const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
        const target = this.pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        await rename(tmpPath, target);
        await syncDirectory(dirname(target));
        return key;
      },
      discard: async () => {
        settled = true;
        await rm(tmpPath, { force: true });
      },
    };
  }

  /** A stream of a stored file, or undefined when it is missing. */
  async read(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys come from our database, but a key that escapes the root is refused all the same. */
  private pathOf(key: string): string {
    const root = resolve(this.root);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`storage key outside the files directory: ${key}`);
    return path;
  }
}

/** Makes a rename durable (best effort: not every platform can open a directory). */
async function syncDirectory(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is a bonus; the file itself was fsynced.
  }
}
