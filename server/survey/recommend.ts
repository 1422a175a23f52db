// Which sub-programs the eligibility survey's answers fit: a pure function of the answers (docs/product.md sections 1 and 9).
import type { components } from '#api/schema.d.ts';
import { subPrograms, type SubProgram } from '#server/programs/status.ts';

type OperatingTime = components['schemas']['OperatingTime'];

export interface RecommendationInput {
  has_business: boolean;
  idea?: string | null;
  operating_time?: OperatingTime | null;
  third_year_student: boolean;
}

/**
 * The mapping, from docs/product.md section 1 (the four sub-programs) and section 9 (their limits):
 *
 * | answers                                                    | recommends          |
 * |------------------------------------------------------------|---------------------|
 * | third_year_student (third-year college student or above)   | student_incubator   |
 * | no business, with a concrete idea or product (idea given)  | pre_incubator       |
 * | business operating < 1 year: under_3_months, months_3_to_6, months_6_to_12 | pre_incubator |
 * | business operating at least 1 year: years_1_to_2           | incubator           |
 * | business operating 2-3 years or more: years_3_to_5, years_6_plus | accelerator   |
 *
 * The survey's bands have no "2-3 years": 1-2 years is the incubator's, 3-5 years and up the accelerator's.
 * A student may also fit a business sub-program, so the answer is a list (in the order of docs/product.md section 1, no repeats), and it
 * is empty when nothing fits (no business, no idea, not a third-year student). `operating_time` is ignored
 * without a business; a business with no operating time given is read as not yet operating (pre-incubator).
 */
export function recommendSubPrograms(answers: RecommendationInput): SubProgram[] {
  const fits = new Set<SubProgram>();
  if (answers.third_year_student) fits.add('student_incubator');
  if (answers.has_business) {
    switch (answers.operating_time ?? null) {
      case 'years_1_to_2':
        fits.add('incubator');
        break;
      case 'years_3_to_5':
      case 'years_6_plus':
        fits.add('accelerator');
        break;
      default:
        // under_3_months, months_3_to_6, months_6_to_12, or not given: operating less than a year.
        fits.add('pre_incubator');
    }
  } else if ((answers.idea ?? '').trim() !== '') {
    fits.add('pre_incubator');
  }
  return subPrograms.filter((sub) => fits.has(sub));
}
