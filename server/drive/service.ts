// A program's drive (docs/decisions/019-program-drive.md): the shared materials (staff write, applicants read) and
// each applicant's own space, as trees of folders and files. Who may see a drive is decided here, on every call:
// a person without an application to the program, or a node of someone else's space, is answered 404. Staff come
// through the admin operations (docs/decisions/024): they read every space and write the shared materials, and each
// of their changes is audited in its own transaction.
import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, isNull, sql, sum, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { recordAudit } from '#server/audit/log.ts';
import { applications, driveNodes, programs, users } from '#server/db/schema.ts';
import { SourceFailedError, type FileStorage, type TempFile } from '#server/files/storage.ts';
import { detailError, fieldErrors, forbidden, notFound, type AppError } from '#server/http/errors.ts';
import { safeFileName, type Upload } from '#server/applications/pdf-upload.ts';
import { toProgramInfo, type Viewer } from '#server/programs/service.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { renamedFileName } from '#shared/drive-constants.ts';
import { withoutUnshowableCharacters } from '#shared/file-names.ts';
import { announcedType, contentMatches } from './file-types.ts';
import { photoKindOf, photosToPdf, UnreadablePhotoError } from '#server/files/photos.ts';

type Schemas = components['schemas'];
type NodeRow = typeof driveNodes.$inferSelect;
export type DriveSpace = Schemas['DriveSpace'];

export interface DriveDeps {
  db: Db;
  files: FileStorage;
  now: () => Date;
  /** What one person's own spaces may hold, over all programs. */
  quotaBytes: number;
}

/**
 * Who calls, and through which door: an applicant through /programs/{id}/drive, or staff through the admin operations
 * (/admin/programs/{id}/drive), whose changes are audited under `operation` (the contract's operationId). A staff
 * member using the applicant's door is an applicant there: staff changes never bypass the audit log.
 */
export type DriveAccess = { role: 'applicant'; person: Viewer } | { role: 'staff'; person: Viewer; operation: string };

/** Where a request points: a space of a program, and the folder in it (null: its root). */
export interface SpaceRequest {
  space: DriveSpace;
  owner_id?: number | undefined;
  parent_id?: number | null | undefined;
}

const MAX_NAME = 120;

export const toDriveNode = (row: NodeRow): Schemas['DriveNode'] => ({
  id: row.id,
  kind: row.kind === 'file' ? 'file' : 'folder',
  name: row.name,
  parent_id: row.parent_id,
  owner_id: row.owner_id,
  size: row.size,
  content_type: row.content_type,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const nameTaken = (field = 'name') => fieldErrors({ [field]: 'api.drive.nameTaken' });

/**
 * A typed folder or file name as stored: without the characters uploads lose too (shared/file-names.ts: bidirectional
 * controls, so a rename cannot show `informe\u202Efdp.html` as `informehtml.pdf`), trimmed; nothing left is refused.
 */
function typedName(typed: string): string {
  const clean = withoutUnshowableCharacters(typed).trim();
  if (clean === '' || clean === '.' || clean === '..') throw fieldErrors({ name: 'api.drive.nameInvalid' });
  return clean;
}

const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === '23505';
};

/** The rows of a raw query: both drivers answer `{ rows }` (Db's type cannot say which row shape). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The program, when the caller may open its drive: staff, or a person with an application to it. Else 404. */
export async function openDrive(db: Db, access: DriveAccess, programId: number) {
  const [program] = await db.select().from(programs).where(eq(programs.id, programId)).limit(1);
  if (!program) throw notFound();
  if (access.role === 'applicant' && !(await hasApplication(db, access.person.id, programId))) throw notFound();
  return program;
}

async function hasApplication(db: Db, userId: number, programId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.user_id, userId), eq(applications.program_id, programId)))
    .limit(1);
  return row !== undefined;
}

/** A person has a space in the program: an application to it, or files left there (an application since gone). */
export const hasSpaceSql = (userId: SQL | number, programId: number): SQL => sql`(
  exists (select 1 from ${applications} a where a.user_id = ${userId} and a.program_id = ${programId})
  or exists (select 1 from ${driveNodes} d where d.owner_id = ${userId} and d.program_id = ${programId}))`;

/**
 * The owner of the space asked for (null: the shared materials). An applicant's personal space is their own; staff
 * name one (`owner_id`) of a person with a space in the program. Anything else is 404, as if it did not exist.
 */
async function spaceOwner(db: Db, access: DriveAccess, programId: number, request: SpaceRequest): Promise<number | null> {
  if (request.space === 'shared') return null;
  if (access.role === 'applicant') {
    if (request.owner_id !== undefined && request.owner_id !== access.person.id) throw notFound();
    return access.person.id;
  }
  const owner = request.owner_id;
  if (owner === undefined) throw notFound();
  const [row] = rowsOf<{ yes: boolean }>(await db.execute(sql`select ${hasSpaceSql(owner, programId)} as yes`));
  if (!row?.yes) throw notFound();
  return owner;
}

/** Staff write the shared materials; a person writes their own space only. */
const mayWrite = (access: DriveAccess, owner: number | null): boolean => (access.role === 'staff' ? owner === null : owner === access.person.id);

function assertWritable(access: DriveAccess, owner: number | null): void {
  if (!mayWrite(access, owner)) throw forbidden();
}

type Writer = Parameters<typeof recordAudit>[0];

/** A staff change's audit entry (record type drive_node), written with the change in its transaction. */
async function audit(tx: Writer, access: DriveAccess, at: Date, nodeId: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (access.role !== 'staff') return;
  await recordAudit(tx, { actorId: access.person.id, operation: access.operation, recordType: 'drive_node', recordId: nodeId, before, after, at });
}

/** What an audit entry keeps of a node: enough to read back what was there. */
const auditedNode = (row: NodeRow): Record<string, unknown> => ({
  kind: row.kind,
  name: row.name,
  parent_id: row.parent_id,
  space: row.owner_id === null ? 'shared' : 'personal',
  ...(row.kind === 'file' ? { size: row.size, content_type: row.content_type } : {}),
});

const sameOwner = (owner: number | null): SQL => (owner === null ? isNull(driveNodes.owner_id) : eq(driveNodes.owner_id, owner));

/** A node of the program the caller may see (shared, their own, or any for staff); else 404. */
async function visibleNode(db: Db, access: DriveAccess, programId: number, nodeId: number): Promise<NodeRow> {
  const [row] = await db
    .select()
    .from(driveNodes)
    .where(and(eq(driveNodes.id, nodeId), eq(driveNodes.program_id, programId)))
    .limit(1);
  if (!row) throw notFound();
  if (access.role === 'applicant' && row.owner_id !== null && row.owner_id !== access.person.id) throw notFound();
  return row;
}

/** A folder of the given space (by id), or 404 when there is no such folder there. */
async function folderIn(db: Db, programId: number, owner: number | null, folderId: number): Promise<NodeRow> {
  const [row] = await db
    .select()
    .from(driveNodes)
    .where(and(eq(driveNodes.id, folderId), eq(driveNodes.program_id, programId), sameOwner(owner), eq(driveNodes.kind, 'folder')))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The folders from the root down to `folderId` (itself last). */
async function pathTo(db: Db, folderId: number): Promise<NodeRow[]> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${driveNodes} where id = ${folderId}
      union all
      select n.id, n.parent_id, up.depth + 1 from ${driveNodes} n join up on n.id = up.parent_id
    )
    select id, depth from up`);
  const depthOf = new Map(rowsOf<{ id: number; depth: number }>(result).map((row) => [Number(row.id), Number(row.depth)]));
  if (depthOf.size === 0) return [];
  const rows = await db.select().from(driveNodes).where(inArray(driveNodes.id, [...depthOf.keys()]));
  return rows.sort((a, b) => (depthOf.get(b.id) ?? 0) - (depthOf.get(a.id) ?? 0));
}

/** The node and everything under it: ids and the storage keys of its files. */
async function subtree(db: Db, nodeId: number): Promise<Array<{ id: number; storage_key: string | null }>> {
  const result = await db.execute(sql`
    with recursive down(id, storage_key) as (
      select id, storage_key from ${driveNodes} where id = ${nodeId}
      union all
      select n.id, n.storage_key from ${driveNodes} n join down on n.parent_id = down.id
    )
    select id, storage_key from down`);
  return rowsOf<{ id: number; storage_key: string | null }>(result).map((row) => ({ id: Number(row.id), storage_key: row.storage_key }));
}

/** What a person's files take in their own spaces, over all programs. */
async function usedBytes(db: Db, owner: number): Promise<number> {
  const [row] = await db.select({ total: sum(driveNodes.size) }).from(driveNodes).where(eq(driveNodes.owner_id, owner));
  return Number(row?.total ?? 0);
}

/** An applicant's drive: they have a space (the drive opens only for them), read the shared materials, and their quota. */
export async function getDrive(deps: DriveDeps, viewer: Viewer, programId: number): Promise<Schemas['Drive']> {
  const program = await openDrive(deps.db, { role: 'applicant', person: viewer }, programId);
  return {
    program: toProgramInfo(program, deps.now()),
    personal: true,
    shared_writable: false,
    quota_bytes: deps.quotaBytes,
    used_bytes: await usedBytes(deps.db, viewer.id),
  };
}

export interface FolderQuery extends SpaceRequest {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** One folder (or a space's root): folders first, then files, by name; paginated. */
export async function listFolder(deps: DriveDeps, access: DriveAccess, programId: number, query: FolderQuery): Promise<Schemas['DriveFolderPage']> {
  const { db } = deps;
  await openDrive(db, access, programId);
  const owner = await spaceOwner(db, access, programId, query);
  const folder = query.parent_id ? await folderIn(db, programId, owner, query.parent_id) : null;
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 100;
  // The same expressions as the unique index drive_nodes_folder_name_key, so a folder is listed from that index.
  const inFolder = and(
    eq(driveNodes.program_id, programId),
    sql`coalesce(${driveNodes.owner_id}, 0) = ${owner ?? 0}`,
    sql`coalesce(${driveNodes.parent_id}, 0) = ${folder?.id ?? 0}`,
  );
  const [total] = await db.select({ n: count() }).from(driveNodes).where(inFolder);
  const rows = await db
    .select()
    .from(driveNodes)
    .where(inFolder)
    .orderBy(desc(driveNodes.kind), asc(sql`lower(${driveNodes.name})`), asc(driveNodes.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    space: query.space,
    owner_id: owner,
    writable: mayWrite(access, owner),
    folder: folder ? toDriveNode(folder) : null,
    path: folder ? (await pathTo(db, folder.id)).map(toDriveNode) : [],
    count: total?.n ?? 0,
    page,
    page_size: pageSize,
    results: rows.map(toDriveNode),
  };
}

export async function createFolder(
  deps: DriveDeps,
  access: DriveAccess,
  programId: number,
  body: SpaceRequest & { name: string },
): Promise<Schemas['DriveNode']> {
  const { db } = deps;
  await openDrive(db, access, programId);
  const owner = await spaceOwner(db, access, programId, body);
  assertWritable(access, owner);
  const parent = body.parent_id ? await folderIn(db, programId, owner, body.parent_id) : null;
  const name = typedName(body.name);
  const at = deps.now();
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(driveNodes)
        .values({ program_id: programId, owner_id: owner, parent_id: parent?.id ?? null, kind: 'folder', name, created_at: at, updated_at: at })
        .returning();
      if (!inserted) throw new Error('folder insert returned no row');
      await audit(tx, access, at, inserted.id, null, auditedNode(inserted));
      return inserted;
    });
    return toDriveNode(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a node, or moves it to another folder of its own space (never into itself or what it holds). */
export async function updateNode(
  deps: DriveDeps,
  access: DriveAccess,
  programId: number,
  nodeId: number,
  change: { name?: string | undefined; parent_id?: number | null | undefined },
): Promise<Schemas['DriveNode']> {
  const { db } = deps;
  await openDrive(db, access, programId);
  const node = await visibleNode(db, access, programId, nodeId);
  assertWritable(access, node.owner_id);
  let parentId = node.parent_id;
  if (change.parent_id !== undefined) {
    parentId = change.parent_id;
    if (parentId !== null) {
      const target = await visibleNode(db, access, programId, parentId);
      if (target.owner_id !== node.owner_id) throw fieldErrors({ parent_id: 'api.drive.otherSpace' });
      if (target.kind !== 'folder') throw fieldErrors({ parent_id: 'api.drive.notFolder' });
      if ((await pathTo(db, target.id)).some((folder) => folder.id === node.id)) throw fieldErrors({ parent_id: 'api.drive.moveIntoItself' });
    }
  }
  // A file keeps its extension whatever the new name says (shared/drive-constants.ts renamedFileName): `informe.html`
  // for a PDF is stored as `informe.html.pdf`, so a rename never changes how the file is typed or opened.
  const typed = change.name === undefined ? undefined : typedName(change.name);
  const name = typed === undefined ? node.name : node.kind === 'file' ? renamedFileName(node.name, typed, MAX_NAME) : typed;
  // The audit entry keeps only what changed; a change to the same name and folder writes none.
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (name !== node.name) {
    before.name = node.name;
    after.name = name;
  }
  if (parentId !== node.parent_id) {
    before.parent_id = node.parent_id;
    after.parent_id = parentId;
  }
  try {
    const row = await db.transaction(async (tx) => {
      const at = deps.now();
      const [updated] = await tx.update(driveNodes).set({ name, parent_id: parentId, updated_at: at }).where(eq(driveNodes.id, node.id)).returning();
      if (!updated) throw notFound();
      if (Object.keys(after).length > 0) await audit(tx, access, at, node.id, before, after);
      return updated;
    });
    return toDriveNode(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a file, or a folder and all it holds, in one transaction; their bytes leave storage after the commit. */
export async function deleteNode(deps: DriveDeps, access: DriveAccess, programId: number, nodeId: number): Promise<void> {
  const { db } = deps;
  await openDrive(db, access, programId);
  const node = await visibleNode(db, access, programId, nodeId);
  assertWritable(access, node.owner_id);
  const keys = await db.transaction(async (tx) => {
    const doomed = await subtree(tx, node.id);
    await tx.delete(driveNodes).where(inArray(driveNodes.id, doomed.map((n) => n.id)));
    // What was there, and how many folders and files it held, so the entry reads back as what was lost.
    await audit(tx, access, deps.now(), node.id, { ...auditedNode(node), ...(node.kind === 'folder' ? { held: doomed.length - 1 } : {}) }, null);
    return doomed.flatMap((n) => (n.storage_key ? [n.storage_key] : []));
  });
  // After the commit: a transaction that failed keeps its files. A file left by a crash here is only disk space.
  await Promise.all(keys.map((key) => deps.files.remove(key)));
}

/** A file's bytes, with its name and stored content type. */
export async function readFile(deps: DriveDeps, access: DriveAccess, programId: number, nodeId: number) {
  await openDrive(deps.db, access, programId);
  const node = await visibleNode(deps.db, access, programId, nodeId);
  if (node.kind !== 'file' || !node.storage_key) throw notFound();
  const stored = await deps.files.read(node.storage_key);
  if (!stored) throw notFound();
  return { ...stored, fileName: node.name, contentType: node.content_type ?? 'application/octet-stream' };
}

/** A name from an uploaded file fit for the drive's rules: no path, no control characters, 120 characters at most. */
export function driveFileName(uploaded: string): string {
  const clean = safeFileName(uploaded, 'file').replace(/[/\\]/g, '').trim();
  if (clean === '.' || clean === '..' || clean === '') return 'file';
  if (clean.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return `${clean.slice(0, MAX_NAME - extension.length).trimEnd()}${extension}`;
}

/** A photo's name as the PDF made of it, within the drive's name rules ("licencia.heic" -> "licencia.pdf"). */
const photoPdfName = (name: string): string => `${name.slice(0, name.lastIndexOf('.')).slice(0, MAX_NAME - 4).trimEnd() || 'file'}.pdf`;

/**
 * A photo (JPEG, PNG, HEIC/HEIF) in place of its temp file: the PDF made of it, upright and without metadata
 * (docs/decisions/054-photos-are-documents.md). The photo's temp file is discarded either way.
 */
async function photoAsPdf(files: FileStorage, temp: TempFile): Promise<TempFile> {
  const kind = photoKindOf(temp.head);
  try {
    if (!kind) throw fieldErrors({ file: 'api.drive.typeMismatch' });
    const pdf = await photosToPdf([{ path: temp.path, kind }]);
    return await files.write(Readable.from([Buffer.from(pdf)]));
  } catch (error) {
    if (error instanceof UnreadablePhotoError) throw fieldErrors({ file: 'api.upload.unreadablePhoto' });
    throw error;
  } finally {
    await temp.discard();
  }
}

const quotaExceeded = (deps: DriveDeps) =>
  detailError(413, 'api.drive.quotaExceeded', 'quota_exceeded', { quota: Math.round(deps.quotaBytes / (1024 * 1024)) });

/**
 * Where a file named `fileName` would go, or why it cannot: the drive open to the person, the space theirs to write,
 * the folder in it, a kind the drive takes (by name) and the room left in the owner's quota (Infinity for the shared
 * materials). A resumable upload (server/files/resumable.ts) asks this before its first byte, given its announced
 * `size`: past the room it is refused as a direct upload would be once the bytes arrived.
 */
export async function uploadPlace(deps: DriveDeps, access: DriveAccess, programId: number, where: SpaceRequest, fileName: string, size = 0) {
  const { db } = deps;
  await openDrive(db, access, programId);
  const owner = await spaceOwner(db, access, programId, where);
  assertWritable(access, owner);
  const parent = where.parent_id ? await folderIn(db, programId, owner, where.parent_id) : null;
  const uploadedName = driveFileName(fileName);
  const type = announcedType(uploadedName);
  if (!type) throw fieldErrors({ file: 'api.drive.typeNotAllowed' });
  // The shared materials have no quota of their own: staff curate them.
  const room = owner === null ? Infinity : deps.quotaBytes - (await usedBytes(db, owner));
  if (size > room) throw quotaExceeded(deps);
  return { owner, parent, uploadedName, type, room };
}

/**
 * Streams one file into a folder. Refused with nothing kept: past 20MB, empty, a type the drive does not take (by name
 * and by its first bytes), a photo that cannot be read, or past the owner's quota, counted while the bytes arrive
 * and again in the transaction. A photo is kept as the PDF made of it.
 */
export async function uploadFile(
  deps: DriveDeps,
  access: DriveAccess,
  programId: number,
  where: SpaceRequest,
  upload: Upload,
): Promise<Schemas['DriveNode']> {
  const { db } = deps;
  let checked: Awaited<ReturnType<typeof uploadPlace>>;
  try {
    checked = await uploadPlace(deps, access, programId, where, upload.filename);
  } catch (error) {
    upload.stream.resume();
    throw error;
  }
  const { owner, parent, uploadedName, type, room } = checked;
  const overQuota = () => quotaExceeded(deps);
  let received = 0;
  let refusal: AppError | undefined;
  let temp: TempFile;
  try {
    temp = await deps.files.write(upload.stream, (chunk) => {
      received += chunk.length;
      // Stop the stream at once: an over-quota file is never written out whole.
      if (received > room) return Promise.reject((refusal = overQuota()));
      return undefined;
    });
  } catch (error) {
    if (refusal) throw refusal;
    if (error instanceof SourceFailedError) throw detailError(400, 'api.error.malformed', 'malformed');
    throw error;
  }
  let key: string;
  const name = type.photo ? photoPdfName(uploadedName) : uploadedName;
  const contentType = type.photo ? 'application/pdf' : type.contentType;
  try {
    if (upload.truncated() || temp.size > MAX_UPLOAD_BYTES) throw detailError(413, 'api.error.fileTooLarge', 'file_too_large');
    if (temp.size === 0) throw fieldErrors({ file: 'api.upload.empty' });
    if (!(await contentMatches(type, temp))) throw fieldErrors({ file: 'api.drive.typeMismatch' });
    if (type.photo) temp = await photoAsPdf(deps.files, temp);
    key = await temp.commit(`drive/${programId}`, name.slice(name.lastIndexOf('.') + 1).toLowerCase());
  } catch (error) {
    await temp.discard();
    throw error;
  }
  try {
    const row = await db.transaction(async (tx) => {
      if (owner !== null) {
        // One upload at a time per person past this point, so two at once cannot both fit in the last room.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for('update');
        if ((await usedBytes(tx, owner)) + temp.size > deps.quotaBytes) throw overQuota();
      }
      const at = deps.now();
      const [inserted] = await tx
        .insert(driveNodes)
        .values({
          program_id: programId,
          owner_id: owner,
          parent_id: parent?.id ?? null,
          kind: 'file',
          name,
          storage_key: key,
          size: temp.size,
          content_type: contentType,
          created_at: at,
          updated_at: at,
        })
        .returning();
      if (!inserted) throw new Error('file insert returned no row');
      await audit(tx, access, at, inserted.id, null, auditedNode(inserted));
      return inserted;
    });
    return toDriveNode(row);
  } catch (error) {
    await deps.files.remove(key);
    if (isUniqueViolation(error)) throw nameTaken('file');
    throw error;
  }
}
