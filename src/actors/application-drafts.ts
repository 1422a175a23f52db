// The local copy of each step's draft (localStorage, keyed by application and step), so a reload or a dropped
// network loses nothing, and the rule that decides, on load, whether a local copy goes back into the form.
import type { DraftData, LocalCopy, LocalCopyKey } from '../../machines/autosave/autosave.types';
import { readItem, removeItem, writeItem } from '../lib/storage';

const PREFIX = 'applicationDraft';

export function localCopyStorageKey({ applicationId, step }: LocalCopyKey): string {
  return `${PREFIX}:${applicationId}:${step}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored local copy, or null when there is none or it is unreadable (then it is no use to anyone). */
export function parseLocalCopy(raw: string | null, key: LocalCopyKey): LocalCopy | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.data) || typeof value.version !== 'number' || !Number.isInteger(value.version)) {
    return null;
  }
  return { applicationId: key.applicationId, step: key.step, data: value.data, version: value.version };
}

export function readLocalCopy(key: LocalCopyKey): LocalCopy | null {
  return parseLocalCopy(readItem(localCopyStorageKey(key)), key);
}

export function writeLocalCopy(copy: LocalCopy): void {
  writeItem(localCopyStorageKey(copy), JSON.stringify({ data: copy.data, version: copy.version, savedAt: Date.now() }));
}

export function removeLocalCopy(key: LocalCopyKey): void {
  removeItem(localCopyStorageKey(key));
}

/** JSON with object keys sorted, so two drafts compare by content, not by key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

export function sameDraft(a: DraftData, b: DraftData): boolean {
  return canonical(a) === canonical(b);
}

export interface DraftPlan {
  /** What the autosave actor starts with. */
  data: DraftData;
  version: number;
  /** The local copy holds changes the server does not have: put them in the form and save them at once. */
  restore: boolean;
  /** The local copy says nothing new (or can no longer be saved): delete it. */
  discardLocal: boolean;
}

/**
 * How a step starts, from the server's draft and this device's local copy (written on every change, deleted
 * once the server has the data):
 * - no local copy, or the same data as the server: the server's draft;
 * - the application is read-only: the server's draft (nothing can be saved any more);
 * - made on top of the server's current version (or a later one: the server lost a save): restored and saved;
 * - made on top of an older version (another tab or device saved since): restored with its old version, so
 *   the save meets a version conflict and the person chooses which one to keep. Nothing is dropped silently.
 */
export function planDraft(server: { data: DraftData; version: number }, local: LocalCopy | null, readonly: boolean): DraftPlan {
  if (local === null) return { data: server.data, version: server.version, restore: false, discardLocal: false };
  if (readonly || sameDraft(local.data, server.data)) {
    return { data: server.data, version: server.version, restore: false, discardLocal: true };
  }
  if (local.version >= server.version) {
    return { data: local.data, version: server.version, restore: true, discardLocal: false };
  }
  return { data: local.data, version: local.version, restore: true, discardLocal: false };
}
