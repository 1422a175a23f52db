// The scoring rubrics on the programs page (docs/decisions/033-scoring-and-notes.md): choose a sub-program, edit its
// criteria (names in both languages, weight, maximum), add or remove one, save the whole rubric. A criterion keeps its
// key, so existing score sheets keep their scores; a new one gets a key from its position.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { subProgramNames } from '#components/programs/messages';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { SelectField, TextField } from '#components/ui/Field';
import { errorText, toFormErrors } from '#lib/form-errors';
import { rubricKeys, rubricsQueryOptions, saveRubric, type Rubric, type RubricCriterion } from '#features/admin-programs/api/rubrics';

const SUB_PROGRAMS: Array<Rubric['sub_program']> = ['student_incubator', 'pre_incubator', 'incubator', 'accelerator'];

/** A key no other criterion of the rubric has. */
function freshKey(criteria: readonly RubricCriterion[]): string {
  let n = criteria.length + 1;
  while (criteria.some((c) => c.key === `criterion_${n}`)) n += 1;
  return `criterion_${n}`;
}

function RubricForm({ rubric }: { rubric: Rubric }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [criteria, setCriteria] = useState<RubricCriterion[]>(rubric.criteria);
  const saving = useMutation({
    mutationFn: () => saveRubric(rubric.sub_program, criteria.map((c) => ({ ...c, weight: Number(c.weight), max_score: Number(c.max_score) }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricKeys.all }),
  });
  const problems = saving.isError ? toFormErrors(errorBody(saving.error), [], { id: 'admin.rubrics.failed' }) : null;
  const change = (index: number, field: keyof RubricCriterion, value: string) =>
    setCriteria((list) => list.map((c, i) => (i === index ? { ...c, [field]: field === 'weight' || field === 'max_score' ? Number(value) : value } : c)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {criteria.map((c, index) => (
        <fieldset key={c.key} className="grid gap-3 rounded-md border border-gray-300 p-3 md:grid-cols-4">
          <legend className="px-1 font-semibold">
            <FormattedMessage id="admin.rubrics.criterion" values={{ n: index + 1 }} />
          </legend>
          <TextField id={`rubric-${c.key}-es`} label={<FormattedMessage id="admin.rubrics.nameEs" />} value={c.name_es} onChange={(e) => change(index, 'name_es', e.target.value)} />
          <TextField id={`rubric-${c.key}-en`} label={<FormattedMessage id="admin.rubrics.nameEn" />} value={c.name_en} onChange={(e) => change(index, 'name_en', e.target.value)} />
          <TextField id={`rubric-${c.key}-weight`} inputMode="numeric" label={<FormattedMessage id="admin.rubrics.weight" />} value={String(c.weight)} onChange={(e) => change(index, 'weight', e.target.value)} />
          <TextField id={`rubric-${c.key}-max`} inputMode="numeric" label={<FormattedMessage id="admin.rubrics.max" />} value={String(c.max_score)} onChange={(e) => change(index, 'max_score', e.target.value)} />
          <div className="md:col-span-4">
            <Button type="button" variant="secondary" disabled={criteria.length <= 1} onClick={() => setCriteria((list) => list.filter((_, i) => i !== index))}>
              <FormattedMessage id="admin.rubrics.remove" values={{ n: index + 1 }} />
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => setCriteria((list) => [...list, { key: freshKey(list), name_es: '', name_en: '', weight: 1, max_score: 5 }])}>
          <FormattedMessage id="admin.rubrics.add" />
        </Button>
        <Button type="submit" disabled={saving.isPending}>
          <FormattedMessage id="admin.rubrics.save" />
        </Button>
      </div>
      <div role="status">{saving.isSuccess ? <FormattedMessage id="admin.rubrics.saved" /> : null}</div>
      <div role="alert">
        {problems ? (
          <Alert kind="error">
            <p className="font-semibold">
              <FormattedMessage id="admin.rubrics.failed" />
            </p>
            <ul className="mt-2 list-disc pl-6">
              {[...problems.form, ...Object.values(problems.fields).flat()].map((problem, i) => (
                <li key={i}>{errorText(intl, problem)}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </form>
  );
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
          options={SUB_PROGRAMS.map((sub) => ({ value: sub, label: intl.formatMessage(subProgramNames[sub]) }))}
        />
      </div>
      {rubric ? <RubricForm key={rubric.sub_program} rubric={rubric} /> : null}
    </section>
  );
}
