// Separation of duties (docs/decisions/036-review-rules.md): the one server check that a staff member may act on an
// application, asked by every staff operation that changes one (shared/review-lifecycle.ts DUTY_OPERATIONS), and the
// conflict-of-interest declarations it reads. The rule itself is shared/review-lifecycle.ts dutyConflict, which the
// review screen reads too.
import { and, asc, eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Loaded } from '#server/applications/access.ts';
import type { Db } from '#server/db/client.ts';
import { applicationConflictDeclarations, users } from '#server/db/schema.ts';
import { detailError, fieldErrors, notFound, type AppError } from '#server/http/errors.ts';
import { dutyConflict, mayDeclareConflict, mayScore, type ApplicationStatus, type DutyConflict } from '#shared/review-lifecycle.ts';
import { recordAudit } from '#server/audit/log.ts';
import type { Actor } from './users.ts';
import { linkedAccountIds } from './duplicates.ts';

type Schemas = components['schemas'];

/**
 * The accounts counted as the application's owner: nobody among them may act on it. Its applicant, and every account
 * the duplicate check links to the same person (flagged, not marked "not the same": server/admin/duplicates.ts), so a
 * staff member cannot review their own application through a second account (docs/decisions/036 and 038).
 */
export async function dutyOwnerIds(db: Db, loaded: Loaded): Promise<number[]> {
  const linked = await linkedAccountIds(db, loaded.application.id);
  return [loaded.application.user_id, ...linked.filter((id) => id !== loaded.application.user_id)];
}

/** The staff member's declaration on the application: true a conflict, false none, null not declared. */
async function declarationOf(db: Db, applicationId: number, staffId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ conflict: applicationConflictDeclarations.conflict })
    .from(applicationConflictDeclarations)
    .where(and(eq(applicationConflictDeclarations.application_id, applicationId), eq(applicationConflictDeclarations.staff_id, staffId)))
    .limit(1);
  return row?.conflict ?? null;
}

const DUTY_MESSAGES: Record<DutyConflict, string> = {
  own_application: 'api.duty.ownApplication',
  conflict_of_interest: 'api.duty.conflictOfInterest',
};

/** 403 with the reason's code: the refusal of every operation separation of duties guards. */
export const dutyRefusal = (reason: DutyConflict): AppError => detailError(403, DUTY_MESSAGES[reason], reason);

/** What the rule reads for `staffId` on the loaded application. */
async function dutyFacts(db: Db, staffId: number, loaded: Loaded) {
  const [ownerIds, declaredConflict] = await Promise.all([dutyOwnerIds(db, loaded), declarationOf(db, loaded.application.id, staffId)]);
  return { staffId, ownerIds, declaredConflict };
}

/** Refuses (403) when `actor` may not act on the loaded application: call it inside the change's transaction. */
export async function assertMayAct(db: Db, actor: Actor, loaded: Loaded): Promise<void> {
  const reason = dutyConflict(await dutyFacts(db, actor.id, loaded));
  if (reason) throw dutyRefusal(reason);
}

/** The reviewer staff assign must be free to review it too: a field error on `reviewer_id` with the reason's code. */
export async function assertMayReview(db: Db, reviewerId: number, loaded: Loaded): Promise<void> {
  const reason = dutyConflict(await dutyFacts(db, reviewerId, loaded));
  if (reason) throw fieldErrors({ reviewer_id: reason === 'own_application' ? 'api.duty.reviewerOwns' : 'api.duty.reviewerConflict' }, reason);
}

/** Scoring: separation of duties, then the scorer's declaration of no conflict (409 `conflict_not_declared`). */
export async function assertMayScore(db: Db, actor: Actor, loaded: Loaded): Promise<void> {
  const facts = await dutyFacts(db, actor.id, loaded);
  const reason = dutyConflict(facts);
  if (reason) throw dutyRefusal(reason);
  if (!mayScore(facts)) throw detailError(409, 'api.duty.declareFirst', 'conflict_not_declared');
}

/** What AdminApplication says about duties, for the staff member reading it. */
export async function dutyView(
  db: Db,
  viewer: Actor,
  loaded: Loaded,
): Promise<Pick<Schemas['AdminApplication'], 'duty_owner_ids' | 'duty_conflict' | 'conflict_declarations'>> {
  const [facts, rows] = await Promise.all([
    dutyFacts(db, viewer.id, loaded),
    db
      .select({ declaration: applicationConflictDeclarations, staff: users })
      .from(applicationConflictDeclarations)
      .innerJoin(users, eq(users.id, applicationConflictDeclarations.staff_id))
      .where(eq(applicationConflictDeclarations.application_id, loaded.application.id))
      .orderBy(asc(applicationConflictDeclarations.declared_at), asc(applicationConflictDeclarations.staff_id)),
  ]);
  return {
    duty_owner_ids: facts.ownerIds,
    duty_conflict: dutyConflict(facts),
    conflict_declarations: rows.map(({ declaration, staff }) => ({
      staff: { id: staff.id, email: staff.email, first_name: staff.first_name, last_name: staff.last_name },
      conflict: declaration.conflict,
      declared_at: declaration.declared_at.toISOString(),
    })),
  };
}

/**
 * Records the actor's declaration (audited). Declaring again what was declared changes nothing; a declared conflict
 * is final (assertMayAct refuses everything after it, this included); the owner cannot declare.
 */
export async function declareConflict(tx: Db, now: Date, actor: Actor, loaded: Loaded, conflict: boolean, notAllowed: (status: string) => AppError): Promise<void> {
  const status = loaded.application.status as ApplicationStatus;
  await assertMayAct(tx, actor, loaded);
  if (!mayDeclareConflict(status)) throw notAllowed(status);
  const id = loaded.application.id;
  const before = await declarationOf(tx, id, actor.id);
  if (before === conflict) return;
  const [row] = await tx
    .insert(applicationConflictDeclarations)
    .values({ application_id: id, staff_id: actor.id, conflict, declared_at: now })
    .onConflictDoUpdate({ target: [applicationConflictDeclarations.application_id, applicationConflictDeclarations.staff_id], set: { conflict, declared_at: now } })
    .returning();
  if (!row) throw notFound();
  await recordAudit(tx, {
    actorId: actor.id,
    operation: 'declareAdminApplicationConflict',
    recordType: 'application',
    recordId: id,
    before: before === null ? null : { staff_id: actor.id, conflict: before },
    after: { staff_id: actor.id, conflict },
    at: now,
  });
}
