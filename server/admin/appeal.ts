// The rule that a rejection carries the program's appeal or reconsideration text (docs/decisions/041): one definition,
// called by the review's decide (server/admin/review.ts) inside its transaction, and the text the decision e-mail sends.
import type { programs } from '#server/db/schema.ts';
import { detailError } from '#server/http/errors.ts';
import type { Language } from '#server/i18n/messages.ts';
import type { ReviewDecision } from '#shared/review-lifecycle.ts';

type ProgramRow = typeof programs.$inferSelect;

/** 409 `appeal_text_missing`: staff write the text on the program form first, in both languages. */
export const appealMissing = () => detailError(409, 'api.review.appealMissing', 'appeal_text_missing');

/**
 * Refuses a rejection while the program's appeal text is blank in Spanish or English: the applicant is told how to
 * contest it in their language, and a person whose language changes later still finds it in the other one.
 */
export function assertAppealText(program: Pick<ProgramRow, 'appeal_es' | 'appeal_en'>, decision: ReviewDecision): void {
  if (decision === 'rejected' && (program.appeal_es.trim() === '' || program.appeal_en.trim() === '')) throw appealMissing();
}

/**
 * The decision e-mail's appeal paragraph: the text in the applicant's language, and `hasAppeal` for the templates
 * that print it only when staff wrote one (a waitlisting; an approval never prints it).
 */
export function appealParams(program: Pick<ProgramRow, 'appeal_es' | 'appeal_en'>, language: Language): { appeal: string; hasAppeal: 'yes' | 'no' } {
  const appeal = (language === 'en' ? program.appeal_en : program.appeal_es).trim();
  return { appeal, hasAppeal: appeal === '' ? 'no' : 'yes' };
}
