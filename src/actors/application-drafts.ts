// The local copy of each step's draft (localStorage, keyed by application and step), so a reload or a dropped
// network loses nothing. Whether a local copy goes back into the form is the application machine's rule
// (machines/application/application.drafts.ts).
import type { LocalCopy, LocalCopyKey } from '#machines/autosave/autosave.types';
import { readItem, removeItem, writeItem } from '#lib/storage';

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
