// The scoring rubrics on the programs page (docs/decisions/033-scoring-and-notes.md): choose a sub-program, edit its
// criteria (names in both languages, weight, maximum), add or remove one, save the whole rubric. A criterion keeps its
// key, so existing score sheets keep their scores; a new one gets a key from its position. A refused save shows each
// error at its field and an error summary at the top that takes focus and links to each field.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { performStaffCommand } from '#actors/staff-commands';
import { subProgramNames, subPrograms } from '#components/programs/messages';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { SelectField, TextField } from '#components/ui/Field';
import { noErrors, toFormErrors } from '#lib/form-errors';
import { rubricKeys, rubricsQueryOptions, type Rubric, type RubricCriterion } from '#features/admin-programs/api/rubrics';
import { staffErrorBody } from '#shared/staff-commands';


/** A key no other criterion of the rubric has. */
function freshKey(criteria: ReadonlyArray<{ key: string }>): string {
  let n = criteria.length + 1;
  while (criteria.some((c) => c.key === `criterion_${n}`)) n += 1;
  return `criterion_${n}`;
}

/** A criterion as typed: the numbers stay text until saved, so what was typed shows as typed (and is refused as such). */
type DraftCriterion = Omit<RubricCriterion, 'weight' | 'max_score'> & { weight: string; max_score: string };

const FIELDS = ['name_es', 'name_en', 'weight', 'max_score'] as const;
type Field = (typeof FIELDS)[number];

const fieldLabels = defineMessages({
  name_es: { id: 'admin.rubrics.nameEs' },
  name_en: { id: 'admin.rubrics.nameEn' },
  weight: { id: 'admin.rubrics.weight' },
  max_score: { id: 'admin.rubrics.max' },
  inCriterion: { id: 'admin.rubrics.fieldOf' },
  failed: { id: 'admin.rubrics.failed' },
});

const controlId = (c: DraftCriterion, field: Field) => `rubric-${c.key}-${field === 'name_es' ? 'es' : field === 'name_en' ? 'en' : field === 'max_score' ? 'max' : 'weight'}`;

function RubricForm({ rubric }: { rubric: Rubric }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [criteria, setCriteria] = useState<DraftCriterion[]>(() => rubric.criteria.map((c) => ({ ...c, weight: String(c.weight), max_score: String(c.max_score) })));
  // Each failed save remounts the summary, which takes focus again (the other staff forms' pattern).
  const [attempt, setAttempt] = useState(0);
  const saving = useMutation({
    // The contract checks the numbers: text that is not a whole number goes as it is and comes back as the field's error.
    mutationFn: () =>
      performStaffCommand({
        operationId: 'setAdminRubric',
        path: { sub_program: rubric.sub_program },
        body: { criteria: criteria.map((c) => ({ ...c, weight: asNumber(c.weight), max_score: asNumber(c.max_score) })) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricKeys.all }),
  });
  // The server names a field by its place: criteria.<index>.<field>. A duplicate key (not a field on screen) and
  // anything else go to the summary without a link.
  const names = criteria.flatMap((_, index) => FIELDS.map((field) => `criteria.${index}.${field}`));
  const errors = saving.isError ? toFormErrors(staffErrorBody(saving.error), names, intl.formatMessage(fieldLabels.failed)) : noErrors;
  const summaryFields = Object.fromEntries(
    criteria.flatMap((c, index) =>
      FIELDS.map((field): [string, SummaryField] => [
        `criteria.${index}.${field}`,
        { id: controlId(c, field), label: fieldLabels.inCriterion, values: { n: index + 1, field: intl.formatMessage(fieldLabels[field]) } },
      ]),
    ),
  );
  const errorsOf = (index: number, field: Field) => errors.fields[`criteria.${index}.${field}`];
  const change = (index: number, field: Field, value: string) => setCriteria((list) => list.map((c, i) => (i === index ? { ...c, [field]: value } : c)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    saving.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ErrorSummary key={attempt} id="rubric-errors" errors={errors} fields={summaryFields} />
      {criteria.map((c, index) => (
        <fieldset key={c.key} className="grid gap-3 rounded-md border border-gray-300 p-3 md:grid-cols-4">
          <legend className="px-1 font-semibold">
            <FormattedMessage id="admin.rubrics.criterion" values={{ n: index + 1 }} />
          </legend>
          <TextField id={controlId(c, 'name_es')} label={<FormattedMessage {...fieldLabels.name_es} />} value={c.name_es} errors={errorsOf(index, 'name_es')} onChange={(e) => change(index, 'name_es', e.target.value)} />
          <TextField id={controlId(c, 'name_en')} label={<FormattedMessage {...fieldLabels.name_en} />} value={c.name_en} errors={errorsOf(index, 'name_en')} onChange={(e) => change(index, 'name_en', e.target.value)} />
          <TextField id={controlId(c, 'weight')} inputMode="numeric" label={<FormattedMessage {...fieldLabels.weight} />} value={c.weight} errors={errorsOf(index, 'weight')} onChange={(e) => change(index, 'weight', e.target.value)} />
          <TextField id={controlId(c, 'max_score')} inputMode="numeric" label={<FormattedMessage {...fieldLabels.max_score} />} value={c.max_score} errors={errorsOf(index, 'max_score')} onChange={(e) => change(index, 'max_score', e.target.value)} />
          <div className="md:col-span-4">
            <Button type="button" variant="secondary" disabled={criteria.length <= 1} onClick={() => setCriteria((list) => list.filter((_, i) => i !== index))}>
              <FormattedMessage id="admin.rubrics.remove" values={{ n: index + 1 }} />
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => setCriteria((list) => [...list, { key: freshKey(list), name_es: '', name_en: '', weight: '1', max_score: '5' }])}>
          <FormattedMessage id="admin.rubrics.add" />
        </Button>
        <Button type="submit" disabled={saving.isPending}>
          <FormattedMessage id="admin.rubrics.save" />
        </Button>
      </div>
      <div role="status">{saving.isSuccess ? <FormattedMessage id="admin.rubrics.saved" /> : null}</div>
    </form>
  );
}

/** A typed whole number as a number; anything else as typed, for the contract to refuse at its field. */
function asNumber(text: string): number {
  const trimmed = text.trim();
  return (/^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed) as number;
}

export function RubricsEditor() {
  const intl = useIntl();
  const rubrics = useQuery(rubricsQueryOptions());
  const [subProgram, setSubProgram] = useState<Rubric['sub_program']>('incubator');
  const rubric = rubrics.data?.results.find((r) => r.sub_program === subProgram);
  return (
    <section aria-labelledby="rubrics" className="space-y-4 border-t border-gray-300 pt-6">
      <h2 id="rubrics" className="text-2xl font-bold">
        <FormattedMessage id="admin.rubrics.title" />
      </h2>
      <p className="max-w-prose text-gray-900">
        <FormattedMessage id="admin.rubrics.intro" />
      </p>
      <div className="max-w-md">
        <SelectField
          id="rubric-sub-program"
          label={<FormattedMessage id="admin.rubrics.subProgram" />}
          value={subProgram}
          onChange={(e) => setSubProgram(e.target.value as Rubric['sub_program'])}
          options={subPrograms.map((sub) => ({ value: sub, label: intl.formatMessage(subProgramNames[sub]) }))}
        />
      </div>
      {rubric ? (
        <>
          {/* What saving does to the scores already given (docs/decisions/037-rubric-versions.md), from the server's count. */}
          <p data-testid="rubric-version" className="max-w-prose text-gray-900">
            <FormattedMessage id="admin.rubrics.version" values={{ version: rubric.version, next: rubric.version + 1, count: rubric.sheet_count }} />
          </p>
          <RubricForm key={rubric.sub_program} rubric={rubric} />
        </>
      ) : null}
    </section>
  );
}
