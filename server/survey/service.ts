// The eligibility survey: one per person, answered (and re-answered) whole; the answer carries the recommendation.
import { eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { surveys } from '#server/db/schema.ts';
import { detailError } from '#server/http/errors.ts';
import { withScheme } from '#shared/website.ts';
import { recommendSubPrograms } from './recommend.ts';


type Schemas = components['schemas'];
type SurveyRow = typeof surveys.$inferSelect;

const trimmed = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

function toSurvey(row: SurveyRow): Schemas['Survey'] {
  const answers: Omit<Schemas['Survey'], 'recommended' | 'created_at' | 'updated_at'> = {
    has_business: row.has_business,
    idea: row.idea,
    industry: row.industry as Schemas['Industry'] | null,
    operating_time: row.operating_time as Schemas['OperatingTime'] | null,
    monthly_revenue: row.monthly_revenue,
    employees: row.employees,
    website: row.website,
    gpa: row.gpa,
    university: row.university,
    third_year_student: row.third_year_student,
    steam_branch: row.steam_branch as Schemas['SteamBranch'] | null,
    cohort: row.cohort,
  };
  return {
    ...answers,
    recommended: recommendSubPrograms(answers),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The person's answers, or null before they answered (staff's review shows either). */
export async function findSurvey(db: Db, userId: number): Promise<Schemas['Survey'] | null> {
  const [row] = await db.select().from(surveys).where(eq(surveys.user_id, userId)).limit(1);
  return row ? toSurvey(row) : null;
}

export async function getSurvey(db: Db, userId: number): Promise<Schemas['Survey']> {
  const survey = await findSurvey(db, userId);
  if (!survey) throw detailError(404, 'api.survey.notAnswered', 'survey_not_answered');
  return survey;
}

/** Stores the whole set of answers (insert or replace) and answers with the recommendation. */
export async function saveSurvey(db: Db, userId: number, input: Schemas['SurveyAnswers'], now: Date): Promise<Schemas['Survey']> {
  const values = {
    has_business: input.has_business,
    idea: trimmed(input.idea),
    industry: input.industry ?? null,
    operating_time: input.operating_time ?? null,
    monthly_revenue: input.monthly_revenue ?? null,
    employees: input.employees ?? null,
    website: withScheme(trimmed(input.website)),
    gpa: input.gpa ?? null,
    university: trimmed(input.university),
    third_year_student: input.third_year_student,
    steam_branch: input.steam_branch ?? null,
    cohort: trimmed(input.cohort),
    updated_at: now,
  };
  const [row] = await db
    .insert(surveys)
    .values({ user_id: userId, ...values, created_at: now })
    .onConflictDoUpdate({ target: surveys.user_id, set: values })
    .returning();
  if (!row) throw new Error('survey upsert returned no row');
  return toSurvey(row);
}
