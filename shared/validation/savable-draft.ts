// What of a step's draft the autosave can send (docs/decisions/042-partial-drafts-and-phone-faults.md): every field
// that obeys the step's draft schema, as typed; a malformed one (phone "12ab", revenue "4,50") is held back (its last
// saved value is sent in its place, or nothing), so one bad field never keeps the others from the server. The form
// still shows the bad value, marked with its message, until the person mends it.
import type { StepNumber } from '#shared/application-constants.ts';
import { checkStepDraft } from './step-checks.ts';

type Draft = Record<string, unknown>;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/** A deep copy of plain JSON data (a draft is JSON: it is what the server stores). */
const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function read(data: unknown, path: readonly string[]): { found: boolean; value?: unknown } {
  let here: unknown = data;
  for (const key of path) {
    if (!isContainer(here) || !(key in here)) return { found: false };
    here = (here as Record<string, unknown>)[key];
  }
  return { found: true, value: here };
}

/** Puts `value` at `path` (absent: takes the field out), when the containers on the way exist. */
function write(data: Draft, path: readonly string[], value: { found: boolean; value?: unknown }): void {
  const parent = read(data, path.slice(0, -1));
  const key = path.at(-1);
  if (!parent.found || !isContainer(parent.value) || key === undefined) return;
  const container = parent.value as Record<string, unknown>;
  if (value.found) container[key] = copyOf(value.value);
  else if (Array.isArray(container)) container.splice(Number(key), 1);
  else delete container[key];
}

export interface SavableDraft {
  /** What to send: the draft with each malformed field replaced by its last saved value, or left out. */
  data: Draft;
  /** The fields held back (`phone`, `owners.0.position`): they stay on this device, marked, until mended. */
  withheld: string[];
}

/**
 * The part of `draft` the server will take for `step`, given `saved`, the draft the server last stored. A problem of
 * the whole form (not of one field) is left for the server to name, as before.
 */
export function savableDraft(step: StepNumber, draft: Draft, saved: Draft | undefined): SavableDraft {
  const data = copyOf(draft);
  const withheld = new Set<string>();
  const putBack = new Set<string>();
  // A value put back can be wrong against a field typed since (a postal code against a new country): a second round
  // takes it out. Each round fixes at least one field, so this ends.
  for (let round = 0; round < 10; round += 1) {
    // Later list items first, so taking one out of a list does not move the others named this round.
    const fields = Object.keys(checkStepDraft(step, data))
      .filter((field) => field !== 'non_field_errors')
      .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    if (fields.length === 0) break;
    for (const field of fields) {
      const path = field.split('.');
      withheld.add(field);
      const before = putBack.has(field) ? { found: false } : read(saved, path);
      putBack.add(field);
      write(data, path, before);
    }
  }
  return { data, withheld: [...withheld] };
}
