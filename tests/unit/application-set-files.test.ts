// setAt: a documents field's ids written into the latest draft where the field is (machines/application), also inside
// the owners list, without touching the rest of the draft.
import { describe, expect, it } from 'vitest';
import { setAt } from '#machines/application/application.machine.ts';

describe('setAt', () => {
  it('sets a top-level field and keeps the others', () => {
    const draft = { household_size: 3, income_documents: [1] };
    expect(setAt(draft, ['income_documents'], [1, 2])).toEqual({ household_size: 3, income_documents: [1, 2] });
    expect(draft.income_documents).toEqual([1]);
  });

  it('sets a field of one owner in the list, leaving the other owners as they are', () => {
    const draft = { owners: [{ name: 'Ana', id_files: [4] }, { name: 'Luis' }] };
    expect(setAt(draft, ['owners', 1, 'id_files'], [7])).toEqual({ owners: [{ name: 'Ana', id_files: [4] }, { name: 'Luis', id_files: [7] }] });
    expect(draft.owners[1]).toEqual({ name: 'Luis' });
  });

  it('makes the list and the objects on the way when the draft has none yet', () => {
    expect(setAt({}, ['owners', 1, 'id_files'], [9])).toEqual({ owners: [{}, { id_files: [9] }] });
    expect(setAt({ owners: 'broken' }, ['owners', 0, 'id_files'], [])).toEqual({ owners: [{ id_files: [] }] });
    expect(setAt({ a: 1 }, [], 2)).toEqual({ a: 1 });
  });
});
