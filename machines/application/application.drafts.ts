// How a step's draft starts when an application is opened: the server's draft, or this device's local copy of it
// (written on every change, deleted once the server has the data). The application machine plans each step's
// autosave actor with it; pure, so it is tested on its own.
import { sameDraft } from '#machines/autosave/autosave.machine.ts';
import type { DraftData, LocalCopy, ServerDraft } from '#machines/autosave/autosave.types.ts';

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
export function planDraft(server: ServerDraft, local: LocalCopy | null, readonly: boolean): DraftPlan {
  if (local === null) return { data: server.data, version: server.version, restore: false, discardLocal: false };
  if (readonly || sameDraft(local.data, server.data)) {
    return { data: server.data, version: server.version, restore: false, discardLocal: true };
  }
  if (local.version >= server.version) {
    return { data: local.data, version: server.version, restore: true, discardLocal: false };
  }
  return { data: local.data, version: local.version, restore: true, discardLocal: false };
}
