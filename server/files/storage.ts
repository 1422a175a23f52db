// Uploaded files on local disk (docs/product.md section 10): streamed to a temp name, fsynced, then renamed into place,
// so a crash or a refused upload never leaves a half-written file under a real name.
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store.ts';

/** How many leading bytes of each upload are kept to check its type (magic bytes). */
const HEAD_BYTES = 16;
const TEMP_FOLDER = 'tmp';
const TEMP_SUFFIX = '.part';
/** A temp file this old is no upload in progress anywhere: its server crashed or went away. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Sees every chunk of an upload as it is written (e.g. a content scan); a returned promise holds the stream back. */
export type ChunkObserver = (chunk: Buffer) => void | Promise<void>;

/** The source stream failed before the file was whole (a body cut off, a client gone): the sender's problem. */
export class SourceFailedError extends Error {
  constructor(cause: unknown) {
    super('the upload stream failed', { cause });
    this.name = 'SourceFailedError';
  }
}

/** An upload written to a temp file: keep it (commit) under a storage key, or throw it away (discard). */
export interface TempFile {
  size: number;
  sha256: string;
  /** The first bytes, for a magic-bytes check. */
  head: Buffer;
  /** Where the bytes are on local disk until commit() or discard() (e.g. for a photo's decoder to read). */
  path: string;
  /** Up to `length` bytes of the temp file from `offset` (fewer at its end). */
  readRange(offset: number, length: number): Promise<Buffer>;
  /** Renames the temp file to `<folder>/<random>.<extension>` and returns that storage key. */
  commit(folder: string, extension: string): Promise<string>;
  discard(): Promise<void>;
}

export class FileStorage {
  /**
   * Temp files are named `<host>.<random>.part`: several servers may share the files folder (README.md), and one
   * that starts must remove only what its own crash left, never another server's upload in progress.
   */
  private readonly tempPrefix: string;
  /** Told each kept upload's size (the metrics, server/operations/metrics.ts). */
  onStored: ((bytes: number) => void) | undefined;

  constructor(
    private readonly root: string,
    host = hostname(),
    /** Where committed files live when STORAGE_URL is set (object-store.ts); the files folder otherwise. */
    private readonly objects?: ObjectStore,
  ) {
    this.tempPrefix = `${host.replace(/[^A-Za-z0-9-]/g, '_') || 'host'}.`;
  }

  /**
   * Streams to a fsynced temp file. The caller must commit() or discard() it. When the source fails (a body cut
   * off, a client gone), the temp file is removed before this rejects.
   */
  async write(source: Readable, observe?: ChunkObserver): Promise<TempFile> {
    const tmpDir = join(this.root, TEMP_FOLDER);
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = join(tmpDir, `${this.tempPrefix}${randomBytes(16).toString('hex')}${TEMP_SUFFIX}`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        hash.update(chunk);
        const observed = observe?.(chunk);
        if (observed) observed.then(() => callback(null, chunk), callback);
        else callback(null, chunk);
      },
    });
    // The stream opens, fsyncs (flush) and closes its own file descriptor: nothing else ever holds that number,
    // so an error can never make two owners close it twice (one of them closing someone else's file).
    const target = createWriteStream(tmpPath, { flags: 'wx', mode: 0o600, flush: true });
    // pipeline() passes the first error on to every stream: the first to report one is where it started (a source
    // that failed before it got here, e.g. a body that ended early while the caller read the database, reports none).
    let failedFirst: 'source' | 'disk' | undefined = source.destroyed ? 'source' : undefined;
    source.once('error', () => (failedFirst ??= 'source'));
    target.once('error', () => (failedFirst ??= 'disk'));
    try {
      await pipeline(source, meter, target);
      await closed(target);
    } catch (error) {
      await closed(target);
      await rm(tmpPath, { force: true });
      throw failedFirst === 'source' ? new SourceFailedError(error) : error;
    }
    let settled = false;
    return {
      size,
      sha256: hash.digest('hex'),
      head,
      path: tmpPath,
      readRange: async (offset, length) => {
        const handle = await open(tmpPath, 'r');
        try {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, offset);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      },
      commit: async (folder, extension) => {
        if (settled) throw new Error('temp file already settled');
        settled = true;
        const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
        if (this.objects) {
          try {
            await this.objects.put(key, tmpPath);
          } finally {
            await rm(tmpPath, { force: true });
          }
        } else {
          const path = this.pathOf(key);
          await mkdir(dirname(path), { recursive: true });
          await rename(tmpPath, path);
          await syncDirectory(dirname(path));
        }
        this.onStored?.(size);
        return key;
      },
      discard: async () => {
        settled = true;
        await rm(tmpPath, { force: true });
      },
    };
  }

  /**
   * Removes the temp files a crash left mid-upload, which no request can finish any more: this host's, and any a
   * day old (a server that went away for good). Call once at start, before the server takes uploads.
   */
  async removeTempFiles(now = Date.now()): Promise<void> {
    const tmpDir = join(this.root, TEMP_FOLDER);
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch {
      return;
    }
    const orphan = async (name: string) => {
      if (!name.endsWith(TEMP_SUFFIX)) return false;
      if (name.startsWith(this.tempPrefix)) return true;
      const info = await stat(join(tmpDir, name)).catch(() => undefined);
      return info !== undefined && now - info.mtimeMs > ORPHAN_AGE_MS;
    };
    await Promise.all(names.map(async (name) => (await orphan(name)) && rm(join(tmpDir, name), { force: true })));
  }

  /**
   * Whether uploads can be taken now (readiness): the temp folder every upload streams to is writable, and the bucket
   * answers when files live in one.
   */
  async writable(): Promise<boolean> {
    const tmpDir = join(this.root, TEMP_FOLDER);
    try {
      await mkdir(tmpDir, { recursive: true });
      await access(tmpDir, constants.W_OK);
    } catch {
      return false;
    }
    return this.objects ? this.objects.reachable() : true;
  }

  /** A stream of a stored file, or undefined when it is missing. */
  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (this.objects) return this.objects.get(key);
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    if (this.objects) return this.objects.delete(key);
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

/** Resolves once the write stream has closed its file (after its fsync), whether it finished or failed. */
async function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  await new Promise<void>((resolve) => stream.once('close', () => resolve()));
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
