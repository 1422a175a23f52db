// The questions' message ids live in shared/application-questions.ts (one definition for the steps' screens and the
// applicant's copy the server writes), outside the src/ scan of locales.test.ts: every id they name is checked here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  businessSpecs,
  businessTypeNames,
  genderNames,
  householdSpecs,
  incomeSourceNames,
  labelIdOf,
  ownerSpecs,
  personAnswers,
  trainingSpecs,
  type FieldSpec,
} from '#shared/application-questions.ts';

const catalog = (name: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../../locales/${name}.json`, import.meta.url), 'utf8'));
const catalogs = { es: catalog('es'), en: catalog('en') };

function idsOf(specs: readonly FieldSpec[]): string[] {
  return specs.flatMap((spec) => [
    labelIdOf(spec),
    ...(spec.hint ? [`application.field.${spec.name}Hint`] : []),
    ...('options' in spec.kind ? spec.kind.options.map((option) => option.label.id) : []),
  ]);
}

describe('shared/application-questions.ts', () => {
  const ids = [
    ...idsOf(businessSpecs),
    ...idsOf(ownerSpecs),
    ...ownerSpecs.map((spec) => `application.owners.${spec.name}Of`),
    ...idsOf(householdSpecs),
    ...idsOf(trainingSpecs),
    ...personAnswers.map((answer) => answer.label.id),
    ...Object.values(genderNames).map((message) => message.id),
    ...Object.values(incomeSourceNames).map((message) => message.id),
    ...Object.values(businessTypeNames).map((message) => message.id),
  ];

  it('names questions (a sanity check of this test itself)', () => {
    expect(ids.length).toBeGreaterThan(150);
  });

  it.each(['es', 'en'] as const)('names only messages %s.json has', (language) => {
    expect(ids.filter((id) => catalogs[language][id] === undefined)).toEqual([]);
  });
});
