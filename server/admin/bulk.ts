// Staff's bulk actions on the applications list (docs/decisions/040-staff-queues-and-history.md): assign a reviewer to,
// or start the review of, several applications. Each goes through the one-application service (server/admin/review.ts)
// in its own transaction, so it keeps every rule of that service (the lifecycle table, who may review) and its audit
// entry; one refused is reported with its code and reason, and leaves the others done.
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, fieldErrors } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { assignReviewer, startReview } from './review.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type Outcome = Schemas['AdminBulkResult']['results'][number];

/** A refusal as the list reports it: the service's code and its first message in the reader's language. */
function refusal(id: number, error: AppError, language: Language): Outcome {
  const first = 'detail' in error.body ? error.body.detail : Object.values(error.body.fields).flat()[0];
  return { id, done: false, code: error.body.code, detail: first ? translate(language, first.id, first.params) : null };
}

export async function bulkApplications(db: Db, now: () => Date, actor: Actor, input: Schemas['AdminBulkInput'], language: Language): Promise<Schemas['AdminBulkResult']> {
  if (input.action === 'assign' && input.reviewer_id === undefined) throw fieldErrors({ reviewer_id: 'api.field.required' });
  const act = (id: number) =>
    input.action === 'assign' ? assignReviewer(db, now(), actor, id, input.reviewer_id ?? null) : startReview(db, now(), actor, id);
  const results: Outcome[] = [];
  // One after another: each locks its application, and the order asked is the order done (and reported).
  for (const id of input.ids) {
    try {
      await act(id);
      results.push({ id, done: true, code: null, detail: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push(refusal(id, error, language));
    }
  }
  return { results };
}
