// The local copy of a step draft: how it is read back, and the rule that decides on load whether it goes back
// into the form (and is saved) or is dropped. A person must never lose typing, nor silently overwrite a newer save.
import { describe, expect, it } from 'vitest';
import { planDraft } from '#machines/application/application.drafts';
import { sameDraft } from '#machines/autosave/autosave.machine';
import { localCopyStorageKey, parseLocalCopy } from '#actors/application-drafts';

const key = { applicationId: 7, step: 2 };
const server = { data: { business_name: 'Panadería' }, version: 3 };

describe('parseLocalCopy', () => {
  it('reads what writeLocalCopy stores', () => {
    const raw = JSON.stringify({ data: { business_name: 'Luna' }, version: 3, savedAt: 1 });
    expect(parseLocalCopy(raw, key)).toEqual({ applicationId: 7, step: 2, data: { business_name: 'Luna' }, version: 3 });
  });

  it('ignores nothing stored, broken JSON and foreign shapes', () => {
    expect(parseLocalCopy(null, key)).toBeNull();
    expect(parseLocalCopy('{not json', key)).toBeNull();
    expect(parseLocalCopy(JSON.stringify({ data: [], version: 1 }), key)).toBeNull();
    expect(parseLocalCopy(JSON.stringify({ data: {}, version: '1' }), key)).toBeNull();
    expect(parseLocalCopy(JSON.stringify({ data: {}, version: 1.5 }), key)).toBeNull();
    expect(parseLocalCopy(JSON.stringify('text'), key)).toBeNull();
  });

  it('keys copies by application and step', () => {
    expect(localCopyStorageKey(key)).toBe('applicationDraft:7:2');
    expect(localCopyStorageKey({ applicationId: 7, step: 3 })).not.toBe(localCopyStorageKey(key));
  });
});

describe('sameDraft', () => {
  it('compares content, not key order', () => {
    expect(sameDraft({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameDraft({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameDraft({ owners: [{ name: 'A' }] }, { owners: [{ name: 'A' }, { name: 'B' }] })).toBe(false);
  });
});

describe('planDraft', () => {
  it('starts from the server when there is no local copy', () => {
    expect(planDraft(server, null, false)).toEqual({ data: server.data, version: 3, restore: false, discardLocal: false });
  });

  it('drops a local copy that holds what the server already has', () => {
    const local = { ...key, data: { business_name: 'Panadería' }, version: 2 };
    expect(planDraft(server, local, false)).toEqual({ data: server.data, version: 3, restore: false, discardLocal: true });
  });

  it('restores and saves changes made on top of the current server version (a reload, a dropped network)', () => {
    const local = { ...key, data: { business_name: 'Panadería Luna' }, version: 3 };
    expect(planDraft(server, local, false)).toEqual({ data: local.data, version: 3, restore: true, discardLocal: false });
  });

  it('restores a copy ahead of the server on top of the server version, so the save goes through', () => {
    const local = { ...key, data: { business_name: 'Panadería Luna' }, version: 5 };
    expect(planDraft(server, local, false)).toMatchObject({ data: local.data, version: 3, restore: true });
  });

  it('restores a copy made on an older version with that version, so the save meets a conflict the person settles', () => {
    const local = { ...key, data: { business_name: 'Escrito en el teléfono' }, version: 1 };
    expect(planDraft(server, local, false)).toEqual({ data: local.data, version: 1, restore: true, discardLocal: false });
  });

  it('never restores into an application that can no longer change', () => {
    const local = { ...key, data: { business_name: 'Panadería Luna' }, version: 3 };
    expect(planDraft(server, local, true)).toEqual({ data: server.data, version: 3, restore: false, discardLocal: true });
  });
});
