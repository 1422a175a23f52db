// The survey's recommendation (docs/product.md sections 1 and 9) as a pure function: every operating band, students, ideas.
import { describe, expect, it } from 'vitest';
import { recommendSubPrograms } from '#server/survey/recommend.ts';

const person = { has_business: false, idea: null, operating_time: null, third_year_student: false };

describe('recommendSubPrograms', () => {
  it('recommends the student incubator to a third-year college student or above', () => {
    expect(recommendSubPrograms({ ...person, third_year_student: true })).toEqual(['student_incubator']);
  });

  it('recommends the pre-incubator for a concrete idea or product without an operating business', () => {
    expect(recommendSubPrograms({ ...person, idea: 'Compostable packaging for coffee farms' })).toEqual(['pre_incubator']);
  });

  it('does not count a blank idea', () => {
    expect(recommendSubPrograms({ ...person, idea: '   ' })).toEqual([]);
  });

  it.each([
    ['under_3_months', 'pre_incubator'],
    ['months_3_to_6', 'pre_incubator'],
    ['months_6_to_12', 'pre_incubator'],
    ['years_1_to_2', 'incubator'],
    ['years_3_to_5', 'accelerator'],
    ['years_6_plus', 'accelerator'],
  ] as const)('maps a business operating %s to %s', (operating_time, expected) => {
    expect(recommendSubPrograms({ ...person, has_business: true, operating_time })).toEqual([expected]);
  });

  it('reads a business with no operating time as not yet operating', () => {
    expect(recommendSubPrograms({ ...person, has_business: true })).toEqual(['pre_incubator']);
  });

  it('ignores an operating time when there is no business', () => {
    expect(recommendSubPrograms({ ...person, operating_time: 'years_6_plus' })).toEqual([]);
  });

  it('lists a student who also runs a business under both, in the order of docs/product.md section 1', () => {
    expect(recommendSubPrograms({ ...person, third_year_student: true, has_business: true, operating_time: 'years_3_to_5' })).toEqual([
      'student_incubator',
      'accelerator',
    ]);
  });

  it('recommends nothing when nothing fits', () => {
    expect(recommendSubPrograms(person)).toEqual([]);
  });
});
