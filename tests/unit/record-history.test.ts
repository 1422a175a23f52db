// The history's words (src/components/admin/record-history.ts): every change staff can make to a record reads as a
// sentence, and every field of a record's form is named by its label, in both catalogs, so a timeline never shows an
// operation's or a column's code name (docs/decisions/040-staff-queues-and-history.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { entryMessage, entryMessages, fieldNames, operationNames, recordStatusNames } from '#components/admin/record-history';
import type { AuditEntry } from '#components/admin/record-history';

const root = fileURLToPath(new URL('../..', import.meta.url));
const catalog = (name: string): Record<string, string> => JSON.parse(readFileSync(`${root}/locales/${name}.json`, 'utf8'));
const es = catalog('es');
const en = catalog('en');
interface Operation { operationId?: string; tags?: string[] }
interface Schema { properties?: Record<string, unknown> }
const contract = parse(readFileSync(`${root}/openapi.yaml`, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Staff's writes in the contract: what the audit log records. */
const staffWrites = Object.values(contract.paths).flatMap((path) =>
  Object.entries(path).flatMap(([method, operation]) =>
    method !== 'get' && method !== 'parameters' && operation.tags?.includes('admin') && operation.operationId ? [operation.operationId] : [],
  ),
);
/** Staff writes whose entries belong to no record with a timeline, or whose entries are their parts' own. */
const NO_TIMELINE: Record<string, string> = {
  bulkAdminApplications: 'each application gets the entry of assigning or starting its review',
  importHudIncomeLimits: 'a table of HUD limits, not a record',
  createAdminDriveFolder: 'drive nodes have no timeline; their entries are in the audit CSV',
  uploadAdminDriveFile: 'drive nodes have no timeline; their entries are in the audit CSV',
  updateAdminDriveNode: 'drive nodes have no timeline; their entries are in the audit CSV',
  deleteAdminDriveNode: 'drive nodes have no timeline; their entries are in the audit CSV',
  declareAdminApplicationConflict: 'worded by its declaration (entryMessages)',
};

const entry = (operation: string, after: Record<string, unknown>): AuditEntry => ({
  id: 1,
  at: '2026-11-26T12:00:00Z',
  actor: null,
  operation,
  record_type: 'application',
  record_id: 1,
  before: null,
  after,
});

describe('the history in words', () => {
  it.each(staffWrites.filter((id) => !(id in NO_TIMELINE)))('names %s as a sentence', (operationId) => {
    expect(operationNames[operationId]).toBeDefined();
  });

  it('names only operations the contract has, or the portal\'s own scheduled work', () => {
    const known = new Set(Object.values(contract.paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId)));
    const unknown = Object.keys(operationNames).filter((id) => !known.has(id) && !id.startsWith('retention'));
    expect(unknown).toEqual([]);
  });

  it.each([
    ['program', 'AdminProgramInput'],
    ['event', 'AdminEventInput'],
    ['news', 'AdminNewsInput'],
  ] as const)('names every field of the %s form by a label', (recordType, schema) => {
    const fields = Object.keys(contract.components.schemas[schema]?.properties ?? {}).filter((field) => field !== 'status');
    expect(fields.length).toBeGreaterThan(3);
    expect(fields.filter((field) => !fieldNames[recordType]?.[field])).toEqual([]);
  });

  it('words a declaration by which way it went, and an approval waiting for its second person as a proposal', () => {
    expect(entryMessage(entry('declareAdminApplicationConflict', { staff_id: 2, conflict: true }))).toBe(entryMessages.declaredConflict);
    expect(entryMessage(entry('declareAdminApplicationConflict', { staff_id: 2, conflict: false }))).toBe(entryMessages.declaredNoConflict);
    expect(entryMessage(entry('decideAdminApplication', { status: 'in_review', approval_proposed_by: 2, approval_reason: 'Completa' }))).toBe(entryMessages.proposedApproval);
    expect(entryMessage(entry('decideAdminApplication', { status: 'rejected', approval_proposed_by: null, decision_reason: 'No' }))).toBe(operationNames.decideAdminApplication);
  });

  it('has every message it uses in both catalogs', () => {
    const ids = [
      ...Object.values(operationNames),
      ...Object.values(entryMessages),
      ...Object.values(fieldNames).flatMap((names) => Object.values(names ?? {})),
      ...Object.values(recordStatusNames).flatMap((names) => Object.values(names ?? {})),
    ].map((message) => String(message.id));
    expect(ids.filter((id) => !(id in es) || !(id in en))).toEqual([]);
  });
});
