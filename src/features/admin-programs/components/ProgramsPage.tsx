// /admin/programs: staff search the programs (names or period, whatever the accents), filter by status and
// sub-program, page with the server's cursor, and create or change a program. Closing a program closes its drafts
// on the server (docs/decisions/024); the form says so before staff save (when, the lifecycle table says:
// shared/review-lifecycle.ts `programClosesDrafts`).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { SearchButtons } from '#components/admin/ListControls';
import { Button } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { TextAreaField } from '#components/ui/TextAreaField';
import { PageHeading } from '#components/ui/PageHeading';
import { RecordHistory } from '#components/admin/RecordHistory';
import { errorText, noErrors, toFormErrors, type FormErrors } from '#lib/form-errors';
import { errorBody } from '#api/errors';
import { performStaffCommand } from '#actors/staff-commands';
import { staffErrorBody } from '#shared/staff-commands';
import { messages, statusLabels, subProgramLabels } from '#features/admin-programs/messages';
import { PROGRAM_STATUS_VALUES, SUB_PROGRAM_VALUES } from '#shared/contract-enums';
import { programClosesDrafts } from '#shared/review-lifecycle';
import { RubricsEditor } from './RubricsEditor';
import {
  adminProgramKeys,
  downloadProgramsCsv,
  programListQueryOptions,
  type AdminProgram,
  type AdminProgramInput,
  type ProgramListQuery,
  type ProgramStatus,
  type SubProgram,
} from '#features/admin-programs/api/programs';

const COLUMNS = [messages.columnName, messages.columnSubProgram, messages.columnPeriod, messages.columnDeadline, messages.columnStatus, messages.columnApplications, messages.columnActions];
const SUB_PROGRAMS: readonly SubProgram[] = SUB_PROGRAM_VALUES;
const STATUSES: readonly ProgramStatus[] = PROGRAM_STATUS_VALUES;
const FIELDS = [
  'sub_program',
  'name_es',
  'name_en',
  'description_es',
  'description_en',
  'appeal_es',
  'appeal_en',
  'period',
  'start_date',
  'end_date',
  'application_deadline',
  'status',
  'review_target_days',
  'approval_needs_confirmation',
] as const;

function queryFromUrl(params: URLSearchParams): ProgramListQuery {
  const status = STATUSES.find((candidate) => candidate === params.get('status'));
  const subProgram = SUB_PROGRAMS.find((candidate) => candidate === params.get('sub_program'));
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(status ? { status } : {}),
    ...(subProgram ? { sub_program: subProgram } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

/**
 * The deadline is typed in the program's time zone (PROGRAM_TIME_ZONE, Puerto Rico: UTC-4 all year, no daylight
 * saving), whatever the browser's zone, so it reads back as the lists show it.
 */
const PROGRAM_OFFSET = '-04:00';
const PROGRAM_OFFSET_MS = -4 * 60 * 60 * 1000;
const localInputValue = (iso: string): string => new Date(new Date(iso).getTime() + PROGRAM_OFFSET_MS).toISOString().slice(0, 16);
const fromLocalInput = (value: string): Date => new Date(`${value}:00${PROGRAM_OFFSET}`);

/** The create or edit form; `program` null creates one. */
function ProgramForm({ program, onDone }: { program: AdminProgram | null; onDone: (saved: AdminProgram) => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [status, setStatus] = useState<ProgramStatus>(program?.status ?? 'open');
  // A new program asks for the second person, as the server's default does (docs/decisions/036-review-rules.md).
  const [secondPerson, setSecondPerson] = useState(program?.approval_needs_confirmation ?? true);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const save = useMutation({
    mutationFn: (body: AdminProgramInput) =>
      program ? performStaffCommand({ operationId: 'updateAdminProgram', path: { id: program.id }, body }) : performStaffCommand({ operationId: 'createAdminProgram', body }),
    onSuccess: async (saved) => {
      setErrors(noErrors);
      await client.invalidateQueries({ queryKey: adminProgramKeys.all });
      onDone(saved);
    },
    onError: (error) => setErrors(toFormErrors(staffErrorBody(error), FIELDS, t(messages.tryAgainLater))),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const deadline = fromLocalInput(text('application_deadline'));
    save.mutate({
      sub_program: text('sub_program') as SubProgram,
      name_es: text('name_es'),
      name_en: text('name_en'),
      description_es: text('description_es'),
      description_en: text('description_en'),
      appeal_es: text('appeal_es'),
      appeal_en: text('appeal_en'),
      period: text('period'),
      start_date: text('start_date'),
      end_date: text('end_date'),
      // An empty or unreadable deadline goes as typed: the server answers with the field's message.
      application_deadline: Number.isNaN(deadline.getTime()) ? text('application_deadline') : deadline.toISOString(),
      status,
      // Empty: no target (docs/decisions/040-staff-queues-and-history.md); the server checks 1 to 365 whole days.
      review_target_days: text('review_target_days').trim() === '' ? null : Number(text('review_target_days')),
      approval_needs_confirmation: secondPerson,
    });
  };
  const prefix = program ? `program-${program.id}` : 'program-new';
  const closing = programClosesDrafts(status) && program !== null && !programClosesDrafts(program.status);
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-title`} className="space-y-4 rounded-md border border-gray-300 p-4">
      <h2 id={`${prefix}-title`} className="text-xl font-semibold">
        {program ? <FormattedMessage id="admin.programs.editTitle" values={{ name: program.name[intl.locale === 'en' ? 'en' : 'es'] }} /> : <FormattedMessage id="admin.programs.newTitle" />}
      </h2>
      {errors.form.length > 0 ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900">
          {errors.form.map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          id={`${prefix}-sub_program`}
          name="sub_program"
          required
          defaultValue={program?.sub_program ?? 'incubator'}
          label={<FormattedMessage id="admin.programs.field.sub_program" />}
          // The server's answer (AdminProgram.sub_program_locked): a change would be refused, so the form says why first.
          hint={program?.sub_program_locked ? <FormattedMessage id="admin.programs.subProgramLockedHint" values={{ count: program.submitted }} /> : undefined}
          errors={errors.fields.sub_program}
          options={SUB_PROGRAMS.map((value) => ({ value, label: t(subProgramLabels[value]) }))}
        />
        <SelectField
          id={`${prefix}-status`}
          name="status"
          required
          value={status}
          onChange={(event) => setStatus(event.target.value as ProgramStatus)}
          label={<FormattedMessage id="admin.programs.field.status" />}
          hint={closing ? <FormattedMessage id="admin.programs.closingHint" values={{ count: program?.drafts ?? 0 }} /> : undefined}
          errors={errors.fields.status}
          options={STATUSES.map((value) => ({ value, label: t(statusLabels[value]) }))}
        />
        <TextField id={`${prefix}-name_es`} name="name_es" required maxLength={200} defaultValue={program?.name.es ?? ''} label={<FormattedMessage id="admin.programs.field.name_es" />} errors={errors.fields.name_es} />
        <TextField id={`${prefix}-name_en`} name="name_en" required maxLength={200} defaultValue={program?.name.en ?? ''} label={<FormattedMessage id="admin.programs.field.name_en" />} errors={errors.fields.name_en} />
        <TextField id={`${prefix}-period`} name="period" required maxLength={20} defaultValue={program?.period ?? ''} label={<FormattedMessage id="admin.programs.field.period" />} hint={<FormattedMessage id="admin.programs.periodHint" />} errors={errors.fields.period} />
        <TextField
          id={`${prefix}-application_deadline`}
          name="application_deadline"
          type="datetime-local"
          required
          defaultValue={program ? localInputValue(program.application_deadline) : ''}
          label={<FormattedMessage id="admin.programs.field.application_deadline" />}
          hint={<FormattedMessage id="admin.programs.deadlineHint" />}
          errors={errors.fields.application_deadline}
        />
        <TextField id={`${prefix}-start_date`} name="start_date" type="date" required defaultValue={program?.start_date ?? ''} label={<FormattedMessage id="admin.programs.field.start_date" />} errors={errors.fields.start_date} />
        <TextField id={`${prefix}-end_date`} name="end_date" type="date" required defaultValue={program?.end_date ?? ''} label={<FormattedMessage id="admin.programs.field.end_date" />} errors={errors.fields.end_date} />
        <TextField
          id={`${prefix}-review_target_days`}
          name="review_target_days"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          defaultValue={program?.review_target_days ?? ''}
          label={<FormattedMessage id="admin.programs.field.review_target_days" />}
          hint={<FormattedMessage id="admin.programs.reviewTargetHint" />}
          errors={errors.fields.review_target_days}
        />
        {/* Separation of duties (docs/decisions/036-review-rules.md): who proposes an approval cannot confirm it. */}
        <div className="md:col-span-2">
          <CheckboxField
            id={`${prefix}-approval_needs_confirmation`}
            label={<FormattedMessage id="admin.programs.field.approval_needs_confirmation" />}
            hint={<FormattedMessage id="admin.programs.secondPersonHint" />}
            checked={secondPerson}
            onCheckedChange={setSecondPerson}
            errors={errors.fields.approval_needs_confirmation}
          />
        </div>
        {/* What applicants read on the program list, and what a decision e-mail tells them they may do (docs/decisions/041). */}
        <TextAreaField id={`${prefix}-description_es`} name="description_es" lang="es" maxLength={5000} defaultValue={program?.description.es ?? ''} label={<FormattedMessage id="admin.programs.field.description_es" />} hint={<FormattedMessage id="admin.programs.descriptionHint" />} errors={errors.fields.description_es} />
        <TextAreaField id={`${prefix}-description_en`} name="description_en" lang="en" maxLength={5000} defaultValue={program?.description.en ?? ''} label={<FormattedMessage id="admin.programs.field.description_en" />} hint={<FormattedMessage id="admin.programs.descriptionHint" />} errors={errors.fields.description_en} />
        <TextAreaField id={`${prefix}-appeal_es`} name="appeal_es" lang="es" maxLength={5000} defaultValue={program?.appeal.es ?? ''} label={<FormattedMessage id="admin.programs.field.appeal_es" />} hint={<FormattedMessage id="admin.programs.appealHint" />} errors={errors.fields.appeal_es} />
        <TextAreaField id={`${prefix}-appeal_en`} name="appeal_en" lang="en" maxLength={5000} defaultValue={program?.appeal.en ?? ''} label={<FormattedMessage id="admin.programs.field.appeal_en" />} hint={<FormattedMessage id="admin.programs.appealHint" />} errors={errors.fields.appeal_en} />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {program ? <FormattedMessage id="admin.programs.save" /> : <FormattedMessage id="admin.programs.create" />}
      </Button>
    </form>
  );
}

export function ProgramsPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const query = queryFromUrl(params);
  const { cursor: _cursor, ...filters } = query;
  const programs = useQuery(programListQueryOptions(query));
  const [editing, setEditing] = useState<AdminProgram | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const language = intl.locale === 'en' ? 'en' : 'es';

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['q', 'status', 'sub_program']) {
      const value = String(form.get(name) ?? '').trim();
      if (value !== '') next.set(name, value);
    }
    setParams(next);
  };
  const pageLink = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    return `?${next.toString()}`;
  };
  const listError = programs.isError ? toFormErrors(errorBody(programs.error), [], t(messages.tryAgainLater)) : null;

  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="admin.programs.title" />
      </PageHeading>
      <div role="status" className="font-semibold text-green-900">
        {saved ? <FormattedMessage id="admin.programs.saved" values={{ name: saved }} /> : null}
      </div>
      {editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <FormattedMessage id="admin.programs.new" />
        </Button>
      ) : (
        <div className="space-y-3">
          <ProgramForm
            key={editing === 'new' ? 'new' : editing.id}
            program={editing === 'new' ? null : editing}
            onDone={(program) => {
              setSaved(program.name[language]);
              setEditing(null);
            }}
          />
          <Button variant="secondary" onClick={() => setEditing(null)}>
            <FormattedMessage id="admin.programs.cancel" />
          </Button>
          {/* The program's history beside its form (docs/decisions/040-staff-queues-and-history.md). */}
          {editing === 'new' ? null : <RecordHistory recordType="program" recordId={editing.id} />}
        </div>
      )}

      <form role="search" aria-label={t(messages.searchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-3">
        <TextField id="programs-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} label={<FormattedMessage id="admin.programs.search" />} />
        <SelectField
          id="programs-status"
          name="status"
          defaultValue={query.status ?? ''}
          label={<FormattedMessage id="admin.programs.field.status" />}
          options={[{ value: '', label: t(messages.filterAll) }, ...STATUSES.map((value) => ({ value, label: t(statusLabels[value]) }))]}
        />
        <SelectField
          id="programs-sub_program"
          name="sub_program"
          defaultValue={query.sub_program ?? ''}
          label={<FormattedMessage id="admin.programs.field.sub_program" />}
          options={[{ value: '', label: t(messages.filterAll) }, ...SUB_PROGRAMS.map((value) => ({ value, label: t(subProgramLabels[value]) }))]}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.programs.searchButton" />}
          exportCsv={<FormattedMessage id="admin.programs.export" />}
          exportFailed={<FormattedMessage id="admin.programs.exportFailed" />}
          onExport={() => downloadProgramsCsv(filters, `${t(messages.csvName)}.csv`)}
        />
      </form>

      <div role="status" className="text-gray-900">
        {programs.isPending ? <FormattedMessage id="app.loading" /> : null}
        {programs.data ? <FormattedMessage id="admin.programs.count" values={{ count: programs.data.count }} /> : null}
      </div>
      {listError ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900">
          {[...listError.form, ...Object.values(listError.fields).flat()].map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
          <Link to="?" className="font-semibold text-blue-800 underline">
            <FormattedMessage id="admin.programs.firstPage" />
          </Link>
        </div>
      ) : null}

      {programs.data && programs.data.results.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.programs.tableCaption" />
            </caption>
            <thead>
              <tr className="border-b-2 border-gray-700">
                {COLUMNS.map((column) => (
                  <th key={column.id} scope="col" className="px-3 py-2 font-semibold">
                    <FormattedMessage {...column} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {programs.data.results.map((program) => (
                <tr key={program.id} className="border-b border-gray-300">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {program.name[language]}
                  </th>
                  <td className="px-3 py-2">
                    <FormattedMessage {...subProgramLabels[program.sub_program]} />
                  </td>
                  <td className="px-3 py-2">{program.period}</td>
                  <td className="px-3 py-2">
                    <InstantText instant={program.application_deadline} />
                  </td>
                  <td className="px-3 py-2">
                    <FormattedMessage {...statusLabels[program.status]} />
                    <span className="block text-sm text-gray-700">
                      {program.approval_needs_confirmation ? <FormattedMessage id="admin.programs.secondPersonOn" /> : <FormattedMessage id="admin.programs.secondPersonOff" />}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <FormattedMessage id="admin.programs.applicationCounts" values={{ drafts: program.drafts, submitted: program.submitted }} />
                  </td>
                  <td className="flex flex-wrap items-center gap-3 px-3 py-2">
                    <Button variant="secondary" onClick={() => setEditing(program)} aria-label={intl.formatMessage({ id: 'admin.programs.editNamed' }, { name: program.name[language] })}>
                      <FormattedMessage id="admin.programs.edit" />
                    </Button>
                    <Link to={`/admin/programs/drive/${program.id}`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
                      <FormattedMessage id="admin.programs.drive" />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : programs.data ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.programs.none" />
        </p>
      ) : null}

      <nav aria-label={t(messages.pages)} className="flex flex-wrap gap-3">
        {query.cursor ? (
          <Link to={pageLink(null)} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
            <FormattedMessage id="admin.programs.firstPage" />
          </Link>
        ) : null}
        {programs.data?.next_cursor ? (
          <Link to={pageLink(programs.data.next_cursor)} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
            <FormattedMessage id="admin.programs.nextPage" />
          </Link>
        ) : null}
      </nav>
      <RubricsEditor />
    </div>
  );
}
