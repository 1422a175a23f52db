// Resumable uploads (tus 1.0.0, docs/decisions/061-resumable-uploads.md): where an upload's bytes wait until the last
// one arrives (@tus/file-store under the files folder, or @tus/s3-store in the bucket when STORAGE_URL is set), what
// its metadata must say (where the file goes: checked against the viewer when it is created), and what becomes of it
// when it is whole: the same path as a direct upload (documents, intake form, drive, staff's shared materials), whose
// answer it returns. Several photos of one document travel as one upload whose bytes are the direct upload's multipart
// body (server/files/multipart-body.ts), read back into its parts at the end.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '#api/schema.d.ts';
import { FileStore } from '@tus/file-store';
import { Server, type DataStore, type Upload as TusUpload } from '@tus/server';
import type { AppContext } from '#server/context.ts';
import { isDatabaseUnavailable, type Db } from '#server/db/client.ts';
import { resumableUploads, users } from '#server/db/schema.ts';
import { assertCanUploadDocument, isFileKind, uploadDocument, type FileKind } from '#server/applications/documents.ts';
import { assertCanUploadIntakeForm, uploadIntakeForm } from '#server/applications/intake-form.ts';
import type { UploadParts } from '#server/applications/pdf-upload.ts';
import type { AuthenticatedUser } from '#server/auth/authenticate.ts';
import { requireStaffSecondFactor } from '#server/auth/second-factor.ts';
import type { ApplicationDeps } from '#server/applications/access.ts';
import * as drive from '#server/drive/service.ts';
import { appErrorAnswer, ERROR_MESSAGES_HEADER, loggableError } from '#server/http/error-handler.ts';
import { AppError, detailError, fieldErrors, forbidden } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import type { Viewer } from '#server/programs/service.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { isPartsBoundary, MAX_PARTS_BODY_BYTES, partsOfBody } from './multipart-body.ts';

/** Where the tus routes live (server/plugins/resumable-uploads.ts registers them under /api). */
export const RESUMABLE_PATH = '/api/uploads/resumable';
/** An upload not finished within a day of its creation is abandoned: its bytes are removed (cleanUp). */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often the abandoned uploads are looked for. */
export const RESUMABLE_CLEANUP_MS = 60 * 60 * 1000;
/**
 * How many unfinished uploads one person may hold at once: each up to 20MB for a day, so at most 200MB of partial
 * bytes per person. A browser sends one file at a time; ten leaves room for a few abandoned tries.
 */
export const MAX_UNFINISHED_UPLOADS = 10;

const MAX_ID = 2147483647;


/**
 * Where an upload goes, as its metadata says and as it was checked against its creator. A document or intake form
 * with a `boundary` is several photos of it, sent as the multipart body a direct upload would send (multipart-body.ts).
 * `admin_drive` is staff's door to a program's shared materials, as `uploadAdminDriveFile` is.
 */
export type ResumableTarget =
  | { target: 'intake_form'; applicationId: number; boundary?: string }
  | { target: 'document'; applicationId: number; kind: FileKind; boundary?: string }
  | { target: 'drive'; programId: number; space: components['schemas']['DriveSpace']; parentId: number | null }
  | { target: 'admin_drive'; programId: number; parentId: number | null };

/** What the plugin knows of a request that the tus hooks must see: who sent it, in which language, what was checked. */
export interface ResumableRequest {
  viewer: AuthenticatedUser;
  language: Language;
  /** On creation: the metadata as checked, which replaces whatever the client sent. */
  metadata?: Record<string, string>;
  /** On creation: the id reserved for the upload (`reserve`), which tus names it by. */
  uploadId?: string;
}

const malformed = () => detailError(400, 'api.error.malformed', 'malformed');

/** A positive database id from a metadata value, or undefined. */
function idOf(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/**
 * The Upload-Metadata header (`key base64,key base64`, tus 1.0.0) as a map; a header that breaks its grammar or names
 * a key twice is the sender's mistake (400).
 */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (header === undefined || header.trim() === '') return metadata;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || !/^[A-Za-z0-9_.-]{1,40}$/.test(key) || rest.length > 0 || key in metadata) throw malformed();
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw malformed();
    metadata[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return metadata;
}

/** A multipart boundary from the metadata (several photos), none, or a malformed one (undefined). */
function boundaryOf(value: string | null | undefined): { boundary?: string } | undefined {
  if (value === undefined || value === null || value === '') return {};
  return isPartsBoundary(value) ? { boundary: value } : undefined;
}

/**
 * The target an upload's metadata names (`target`, `application_id`, `kind`, `boundary`, `program_id`, `space`,
 * `parent_id`).
 */
export function targetOf(metadata: Record<string, string | null | undefined>): ResumableTarget {
  switch (metadata.target) {
    case 'intake_form': {
      const applicationId = idOf(metadata.application_id);
      const photos = boundaryOf(metadata.boundary);
      if (applicationId === undefined || photos === undefined) throw malformed();
      return { target: 'intake_form', applicationId, ...photos };
    }
    case 'document': {
      const applicationId = idOf(metadata.application_id);
      const kind = metadata.kind ?? '';
      const photos = boundaryOf(metadata.boundary);
      if (applicationId === undefined || !isFileKind(kind) || photos === undefined) throw malformed();
      return { target: 'document', applicationId, kind, ...photos };
    }
    case 'drive': {
      const programId = idOf(metadata.program_id);
      const space = metadata.space;
      const parentId = metadata.parent_id ? idOf(metadata.parent_id) : null;
      if (programId === undefined || (space !== 'personal' && space !== 'shared') || parentId === undefined) throw malformed();
      return { target: 'drive', programId, space, parentId };
    }
    case 'admin_drive': {
      const programId = idOf(metadata.program_id);
      const parentId = metadata.parent_id ? idOf(metadata.parent_id) : null;
      if (programId === undefined || parentId === undefined) throw malformed();
      return { target: 'admin_drive', programId, parentId };
    }
    default:
      throw malformed();
  }
}

const applicant = (person: Viewer): drive.DriveAccess => ({ role: 'applicant', person });
/** Staff through the admin door: audited as `uploadAdminDriveFile`, the direct upload's operation. */
const staff = (person: Viewer): drive.DriveAccess => ({ role: 'staff', person, operation: 'uploadAdminDriveFile' });
/** The shared materials, the one space staff write. */
const sharedFolder = (parentId: number | null): drive.SpaceRequest => ({ space: 'shared', parent_id: parentId });

type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/**
 * tus's file store, without its unawaited folder making (ResumableUploads.create makes the folder first). That method
 * is private in the store's types, hence the base typed as the store this module reads.
 */
const FolderMadeFileStore = class extends (FileStore as unknown as new (options: ConstructorParameters<typeof FileStore>[0]) => ReadableStore) {
  checkOrCreateDirectory(): void {}
};

export class ResumableUploads {
  readonly tus: Server;
  /** The request each tus hook runs for, by Node's request (the hooks see only tus's wrapper of it). */
  private readonly requests = new WeakMap<IncomingMessage, ResumableRequest>();
  private readonly applications: ApplicationDeps;
  private readonly drive: drive.DriveDeps;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly config: AppContext['config'];

  private constructor(
    ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly store: ReadableStore,
  ) {
    this.applications = { db: ctx.db, captcha: ctx.captcha, files: ctx.files, now: ctx.now };
    this.drive = { db: ctx.db, files: ctx.files, now: ctx.now, quotaBytes: ctx.config.driveQuotaBytes };
    this.db = ctx.db;
    this.now = ctx.now;
    this.config = ctx.config;
    this.tus = this.serverOver(store);
  }

  /**
   * Partial uploads wait in the files folder (`resumable/`), or in the bucket when STORAGE_URL is set, so that servers
   * on different machines resume each other's uploads.
   */
  static async create(ctx: AppContext, log: FastifyBaseLogger): Promise<ResumableUploads> {
    const s3 = ctx.config.storage;
    if (!s3) {
      const directory = join(ctx.config.dataDir, 'files', 'resumable');
      // The folder is made here, awaited: the store's own making of it is not awaited and throws from a callback (an
      // uncaught exception) when the data folder is gone by then, as a test's is once it has closed the app.
      await mkdir(directory, { recursive: true });
      return new ResumableUploads(ctx, log, new FolderMadeFileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }));
    }
    // The AWS SDK (and the S3 store) load only when files go to a bucket, as server/services.ts does.
    const { S3Store } = await import('@tus/s3-store');
    const store = new S3Store({
      partSize: 5 * 1024 * 1024,
      expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS,
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.pathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      },
    });
    return new ResumableUploads(ctx, log, store);
  }

  private serverOver(datastore: DataStore): Server {
    return new Server({
      path: RESUMABLE_PATH,
      datastore,
      // The largest any target takes (several photos' body); each creation is held to its own target's (checkCreation).
      maxSize: MAX_PARTS_BODY_BYTES,
      // `Location: /api/uploads/resumable/<id>`: right behind any proxy, whatever host it answers for.
      relativeLocation: true,
      // Same origin only: no CORS header for anyone.
      allowedOrigins: [],
      // The id the plugin reserved for this person (`reserve`): a creation tus would name otherwise was not counted.
      namingFunction: (req) => {
        const { uploadId } = this.requestOf(req);
        if (!uploadId) throw { status_code: 400, body: 'The upload was not reserved\n' };
        return uploadId;
      },
      onUploadCreate: async (req, upload) => {
        const request = this.requestOf(req);
        // What the plugin checked, with its owner: never what the client sent.
        if (!request.metadata) throw { status_code: 400, body: 'Upload-Metadata was not checked\n' };
        return { metadata: { ...request.metadata, filename: upload.metadata?.filename ?? request.metadata.filename ?? '' } };
      },
      onUploadFinish: async (req, upload) => this.finish(this.requestOf(req), upload),
    });
  }

  /** Keeps what the plugin learned of a request for the tus hooks. */
  remember(raw: IncomingMessage, request: ResumableRequest): void {
    this.requests.set(raw, request);
  }

  private requestOf(req: unknown): ResumableRequest {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const request = raw ? this.requests.get(raw) : undefined;
    if (!request) throw new Error('a resumable upload request that did not go through the plugin');
    return request;
  }

  /**
   * Checks a new upload before tus creates it: its length (announced, at most 20MB, not empty; several photos' body
   * at most 20MB and its parts' headers), where it goes (the viewer's application with that step open, their drive
   * space with the room, or for staff the shared materials). Returns the metadata to keep and the length.
   */
  async checkCreation(
    viewer: AuthenticatedUser,
    lengthHeader: string | undefined,
    metadataHeader: string | undefined,
  ): Promise<{ metadata: Record<string, string>; length: number }> {
    if (lengthHeader === undefined || !/^[0-9]{1,12}$/.test(lengthHeader)) throw malformed();
    const length = Number(lengthHeader);
    const metadata = parseMetadata(metadataHeader);
    const fileName = metadata.filename ?? '';
    if (fileName.trim() === '') throw fieldErrors({ file: 'api.upload.fileRequired' });
    const target = targetOf(metadata);
    const boundary = 'boundary' in target ? target.boundary : undefined;
    if (length > (boundary ? MAX_PARTS_BODY_BYTES : MAX_UPLOAD_BYTES)) throw detailError(413, 'api.error.fileTooLarge', 'file_too_large');
    if (length === 0) throw fieldErrors({ file: 'api.upload.empty' });
    await this.assertCanSend(viewer, target, fileName, length);
    const kept: Record<string, string> = { owner: String(viewer.id), filename: fileName, target: target.target };
    const parentOf = (parentId: number | null) => (parentId === null ? '' : String(parentId));
    switch (target.target) {
      case 'drive':
        Object.assign(kept, { program_id: String(target.programId), space: target.space, parent_id: parentOf(target.parentId) });
        break;
      case 'admin_drive':
        Object.assign(kept, { program_id: String(target.programId), parent_id: parentOf(target.parentId) });
        break;
      default:
        kept.application_id = String(target.applicationId);
        if (target.target === 'document') kept.kind = target.kind;
        if (boundary) kept.boundary = boundary;
    }
    return { metadata: kept, length };
  }

  private async assertCanSend(viewer: AuthenticatedUser, target: ResumableTarget, fileName: string, length: number): Promise<void> {
    switch (target.target) {
      case 'intake_form':
        return assertCanUploadIntakeForm(this.applications, viewer, target.applicationId);
      case 'document':
        return assertCanUploadDocument(this.applications, viewer, target.applicationId, target.kind);
      case 'drive':
        await drive.uploadPlace(this.drive, applicant(viewer), target.programId, { space: target.space, parent_id: target.parentId }, fileName, length);
        return;
      case 'admin_drive':
        await this.assertStaff(viewer);
        await drive.uploadPlace(this.drive, staff(viewer), target.programId, sharedFolder(target.parentId), fileName, length);
    }
  }

  /** The admin operations' own check (server/plugins/contract-routes.ts): staff, with their second factor. */
  private async assertStaff(viewer: AuthenticatedUser): Promise<void> {
    if (!viewer.isStaff) throw forbidden();
    await requireStaffSecondFactor(this.db, this.config, viewer.account);
  }

  /**
   * Reserves an id for a new upload of `length` bytes, counted among the viewer's unfinished ones: past
   * MAX_UNFINISHED_UPLOADS not yet expired, 409 `uploads_unfinished_limit`. The person's row is locked while counting,
   * so that creations sent at once cannot all see room for one more.
   */
  async reserve(viewer: Viewer, length: number): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(resumableUploads)
        .where(and(eq(resumableUploads.user_id, viewer.id), gt(resumableUploads.created_at, new Date(now.getTime() - RESUMABLE_EXPIRY_MS))));
      if ((held?.n ?? 0) >= MAX_UNFINISHED_UPLOADS) {
        throw detailError(409, 'api.upload.unfinishedLimit', 'uploads_unfinished_limit', { count: MAX_UNFINISHED_UPLOADS });
      }
      await tx.insert(resumableUploads).values({ id, user_id: viewer.id, length, created_at: now });
    });
    return id;
  }

  /** The upload no longer counts among its owner's unfinished ones (completed, refused, cancelled, never created). */
  async release(id: string): Promise<void> {
    await this.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
  }

  /** The upload if it is the viewer's (anyone else's, or none: undefined, answered as if it did not exist). */
  async ownUpload(viewer: Viewer, id: string): Promise<TusUpload | undefined> {
    const upload = await this.tus.datastore.getUpload(id).catch(() => undefined);
    return upload?.metadata?.owner === String(viewer.id) ? upload : undefined;
  }

  /**
   * The last byte arrived: the file goes through the direct upload's path (type by its first bytes, photo to PDF,
   * repair, size, quota, the viewer's right to write there checked again) and the answer is that path's, JSON. The
   * upload is spent either way: a refused file cannot become acceptable by sending it again.
   */
  private async finish(request: ResumableRequest, upload: TusUpload) {
    const { viewer, language } = request;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      status_code: status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
      body: JSON.stringify(body),
    });
    try {
      const metadata = upload.metadata ?? {};
      if (metadata.owner !== String(viewer.id)) throw detailError(404, 'api.error.notFound', 'not_found');
      const target = targetOf(metadata);
      // Staff when the upload began, and still staff now that it ends (before a byte is read back).
      if (target.target === 'admin_drive') await this.assertStaff(viewer);
      const stream = await this.store.read(upload.id);
      const part = { stream, filename: metadata.filename ?? '', truncated: () => false };
      // Several photos: the body's parts, each read as the direct upload reads a request's (type, size, quota there).
      const parts = (boundary: string | undefined): UploadParts => (boundary ? partsOfBody(stream, boundary) : [part]);
      switch (target.target) {
        case 'intake_form':
          return json(200, await uploadIntakeForm(this.applications, viewer, target.applicationId, parts(target.boundary)));
        case 'document':
          return json(201, await uploadDocument(this.applications, viewer, target.applicationId, target.kind, parts(target.boundary)));
        case 'drive': {
          const where = { space: target.space, parent_id: target.parentId };
          return json(201, await drive.uploadFile(this.drive, applicant(viewer), target.programId, where, part));
        }
        case 'admin_drive':
          return json(201, await drive.uploadFile(this.drive, staff(viewer), target.programId, sharedFolder(target.parentId), part));
      }
    } catch (error) {
      if (error instanceof AppError) {
        const answer = appErrorAnswer(error, language);
        return json(answer.status, answer.body, { ...error.headers, [ERROR_MESSAGES_HEADER]: encodeURIComponent(JSON.stringify(answer.messages)) });
      }
      if (isDatabaseUnavailable(error)) return json(503, { detail: translate(language, 'api.error.unavailable'), code: 'database_unavailable' }, { 'Retry-After': '5' });
      this.log.error({ err: loggableError(error) }, 'resumable upload failed at completion');
      return json(500, { detail: translate(language, 'api.error.server'), code: 'server_error' });
    } finally {
      await this.tus.datastore.remove(upload.id).catch(() => undefined);
      await this.release(upload.id).catch((error: unknown) => this.log.warn({ err: loggableError(error) }, 'resumable upload: not released'));
    }
  }

  /** Removes the uploads abandoned past their expiry, and their count against their owners; returns how many. */
  async cleanUp(): Promise<number> {
    const removed = await this.tus.cleanUpExpiredUploads();
    const expiredBefore = new Date(this.now().getTime() - RESUMABLE_EXPIRY_MS);
    await this.db.delete(resumableUploads).where(lt(resumableUploads.created_at, expiredBefore));
    return removed;
  }
}
