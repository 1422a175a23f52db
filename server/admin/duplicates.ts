// The duplicate check (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): which applications of other
// accounts look like the same person or business as one application, and why; staff's audited, reversible "not the
// same" marks on two accounts; the accounts linked to an application (for separation of duties); and who is one person
// when the HUD report counts people. The comparing is SQL's: migration 0018 keeps each application's normalized keys
// and the flagged pairs current; this module only reads them.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, applicationSteps, duplicateNotSame, duplicatePairs, programs, users } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/http/errors.ts';
import { recordAudit } from '#server/audit/log.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
export type DuplicateFlag = Schemas['DuplicateFlag'];
type DuplicateFlags = Schemas['DuplicateFlags'];

/** The two accounts of a pair in the order duplicate_not_same keeps them. */
const ordered = (one: number, other: number): [number, number] => (one < other ? [one, other] : [other, one]);

/** SQL true when staff marked the accounts `a` and `b` "not the same". */
const markedNotSame = (a: SQL, b: SQL): SQL =>
  sql`exists (select 1 from ${duplicateNotSame} n where n.user_low = least(${a}, ${b}) and n.user_high = greatest(${a}, ${b}))`;

/** The pairs that take in application `id`, each as (the other application, its account, the reasons). */
const pairsOf = (id: number): SQL => sql`
  select p.application_b as other_id, p.user_b as other_user, p.user_a as own_user, p.reasons from ${duplicatePairs} p where p.application_a = ${id}
  union all
  select p.application_a, p.user_a, p.user_b, p.reasons from ${duplicatePairs} p where p.application_b = ${id}`;

interface PairRow {
  other_id: number;
  other_user: number;
  own_user: number;
  reasons: string[] | string;
  marked_by: number | null;
  marked_at: Date | string | null;
}

/** A text[] as the driver hands it: node-postgres parses it, PGlite too; a '{a,b}' string is read by hand just in case. */
const textArray = (value: string[] | string): string[] => (Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

/** The possible duplicates of application `id`: the unmarked first, then by the other application's id. 404 when it does not exist. */
export async function duplicateFlags(db: Db, id: number): Promise<DuplicateFlags> {
  const [exists] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1);
  if (!exists) throw notFound();
  const result = await db.execute(sql`
    select pairs.*, n.marked_by, n.marked_at
    from (${pairsOf(id)}) pairs
    left join ${duplicateNotSame} n on n.user_low = least(pairs.other_user, pairs.own_user) and n.user_high = greatest(pairs.other_user, pairs.own_user)
    order by n.marked_at is not null, pairs.other_id`);
  const pairs = (result as unknown as { rows: PairRow[] }).rows;
  if (pairs.length === 0) return { results: [] };
  const otherIds = pairs.map((pair) => Number(pair.other_id));
  const [rows, people, steps] = await Promise.all([
    db
      .select({ application: applications, program: programs })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.program_id))
      .where(inArray(applications.id, otherIds)),
    db
      .select({ id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(inArray(users.id, [...new Set([...pairs.map((pair) => Number(pair.other_user)), ...pairs.flatMap((pair) => (pair.marked_by === null ? [] : [Number(pair.marked_by)]))])])),
    db
      .select({ application_id: applicationSteps.application_id, business: sql<string | null>`${applicationSteps.data}->>'business_name'` })
      .from(applicationSteps)
      .where(and(inArray(applicationSteps.application_id, otherIds), eq(applicationSteps.step, 2))),
  ]);
  const application = new Map(rows.map((row) => [row.application.id, row]));
  const person = new Map(people.map((row) => [row.id, row]));
  const business = new Map(steps.map((row) => [row.application_id, row.business?.trim() ?? '']));
  return {
    results: pairs.flatMap((pair): DuplicateFlag[] => {
      const other = application.get(Number(pair.other_id));
      const owner = person.get(Number(pair.other_user));
      if (!other || !owner) return [];
      const by = pair.marked_by === null ? undefined : person.get(Number(pair.marked_by));
      const name = business.get(other.application.id) ?? '';
      return [
        {
          application: {
            id: other.application.id,
            status: other.application.status as Schemas['ApplicationStatus'],
            program: { id: other.program.id, name: { es: other.program.name_es, en: other.program.name_en }, period: other.program.period },
            applicant: { id: owner.id, email: owner.email, first_name: owner.first_name, last_name: owner.last_name },
            business_name: name === '' ? null : name,
          },
          reasons: textArray(pair.reasons) as Schemas['DuplicateReason'][],
          not_same:
            pair.marked_at === null
              ? null
              : {
                  by: by ? { id: by.id, name: `${by.first_name} ${by.last_name}`.trim(), email: by.email } : null,
                  at: new Date(pair.marked_at).toISOString(),
                },
        },
      ];
    }),
  };
}

/** The flagged pair of applications `id` and `otherId`, with their accounts; 404 when either is missing, 409 when not flagged. */
async function flaggedPair(db: Db, id: number, otherId: number): Promise<{ own: number; other: number }> {
  const found = await db
    .select({ id: applications.id, user_id: applications.user_id })
    .from(applications)
    .where(inArray(applications.id, [id, otherId]));
  const own = found.find((row) => row.id === id);
  const other = found.find((row) => row.id === otherId);
  if (!own || !other) throw notFound();
  const [low, high] = ordered(id, otherId);
  const [pair] = await db
    .select({ a: duplicatePairs.application_a })
    .from(duplicatePairs)
    .where(and(eq(duplicatePairs.application_a, low), eq(duplicatePairs.application_b, high)))
    .limit(1);
  if (!pair) throw detailError(409, 'api.duplicates.notFlagged', 'duplicate_not_flagged');
  return { own: own.user_id, other: other.user_id };
}

/**
 * Marks (`notSame` true) or unmarks the two accounts of a flagged pair "not the same", audited on application `id` in
 * the change's transaction. Nobody marks a pair that takes in their own account: a staff member who is also an
 * applicant could otherwise clear the link that keeps them off a duplicate of their own application.
 */
export async function setNotSame(db: Db, now: Date, actor: Actor, id: number, otherId: number, notSame: boolean): Promise<DuplicateFlags> {
  const { own, other } = await flaggedPair(db, id, otherId);
  if (own === actor.id || other === actor.id) throw detailError(409, 'api.duplicates.ownAccount', 'duplicate_own_account');
  const [low, high] = ordered(own, other);
  await db.transaction(async (tx) => {
    const changed = notSame
      ? await tx.insert(duplicateNotSame).values({ user_low: low, user_high: high, marked_by: actor.id, marked_at: now }).onConflictDoNothing().returning()
      : await tx
          .delete(duplicateNotSame)
          .where(and(eq(duplicateNotSame.user_low, low), eq(duplicateNotSame.user_high, high)))
          .returning();
    if (changed.length === 0) return;
    const mark = { application_id: otherId, accounts: [low, high] };
    await recordAudit(tx, {
      actorId: actor.id,
      operation: notSame ? 'markAdminApplicationNotSame' : 'unmarkAdminApplicationNotSame',
      recordType: 'application',
      recordId: id,
      before: { not_same: notSame ? null : mark },
      after: { not_same: notSame ? mark : null },
      at: now,
    });
  });
  return duplicateFlags(db, id);
}

/**
 * The accounts whose applications the duplicate check flags as possibly the same person as application `id`'s, less
 * the pairs staff marked "not the same", in id order. Separation of duties reads it: a staff member whose account is
 * here may not review application `id` (docs/decisions/038).
 */
export async function linkedAccountIds(db: Db, applicationId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct pairs.other_user as user_id
    from (${pairsOf(applicationId)}) pairs
    where not ${markedNotSame(sql`pairs.other_user`, sql`pairs.own_user`)}
    order by 1`);
  return (result as unknown as { rows: Array<{ user_id: number }> }).rows.map((row) => Number(row.user_id));
}

/** For staff's list: how many unmarked possible duplicates each application has (0 when none). */
export async function duplicateCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const pairs = await db
    .select({ a: duplicatePairs.application_a, b: duplicatePairs.application_b })
    .from(duplicatePairs)
    .where(and(or(inArray(duplicatePairs.application_a, ids), inArray(duplicatePairs.application_b, ids)), sql`not ${markedNotSame(sql`${duplicatePairs.user_a}`, sql`${duplicatePairs.user_b}`)}`));
  const counts = new Map<number, number>();
  const wanted = new Set(ids);
  for (const { a, b } of pairs) {
    if (wanted.has(a)) counts.set(a, (counts.get(a) ?? 0) + 1);
    if (wanted.has(b)) counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return counts;
}

/**
 * One row per account that the duplicate check links to another, naming its person: the smallest account id of its
 * group, the accounts reachable through flagged pairs not marked "not the same" (a person applying from three accounts
 * is one person even when only two pairs are flagged). Accounts linked to none are their own person and are not listed.
 * For `with recursive` (the HUD report): columns user_id, person.
 */
export const personsSql = (): SQL => sql`
  duplicate_links (a, b) as (
    select distinct least(p.user_a, p.user_b), greatest(p.user_a, p.user_b) from ${duplicatePairs} p
    where not ${markedNotSame(sql`p.user_a`, sql`p.user_b`)}
  ),
  duplicate_edges (a, b) as (select a, b from duplicate_links union all select b, a from duplicate_links),
  duplicate_reach (a, b) as (
    select a, b from duplicate_edges
    union
    select r.a, e.b from duplicate_reach r join duplicate_edges e on e.a = r.b
  ),
  persons (user_id, person) as (select a, least(a, min(b)) from duplicate_reach group by a)`;
