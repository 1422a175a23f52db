// The applicant's copy: a PDF of what they submitted, in their language, with every answer of the six steps under the
// labels the steps show (shared/application-questions.ts) and the list of documents (name, size, date). Never staff's
// verdicts, scores or notes: it reads only the steps' drafts and the files' names, sizes and dates. Downloaded by the
// owner (getApplicantCopy) and attached to the submission's confirmation e-mail (service.ts submitApplication).
// docs/decisions/048-the-applicants-copy.md.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '#server/db/client.ts';
import { applicationFiles, applications, applicationSteps, programs, users } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import type { Viewer } from '#server/programs/service.ts';
import {
  askedFields,
  businessSpecs,
  genderNames,
  householdSpecs,
  labelIdOf,
  maskedSsn,
  ownerSpecs,
  personAnswers,
  trainingSpecs,
  type FieldContext,
  type FieldSpec,
  type Option,
} from '#shared/application-questions.ts';
import { hasApplicantCopy } from '#shared/applicant-copy.ts';
import type { ApplicationStatus } from '#shared/review-lifecycle.ts';
import { fileSizeText } from '#shared/file-size.ts';
import { formatMoney } from '#shared/money.ts';
import { encodable, formatDate, wrap } from './certification.ts';
import { INTAKE_FORM, loadReadable, type ApplicationDeps } from './access.ts';

type Answers = Record<string, unknown>;
type FileRow = typeof applicationFiles.$inferSelect;

/** One line of the copy: a question and its answer, or a sub-heading (an owner). */
type Row = { label: string; value: string } | { heading: string };

interface Section {
  heading: string;
  rows: Row[];
}

/** What the copy says, before it is laid out: the header's lines and the sections (six steps, then the documents). */
export interface CopyContent {
  title: string;
  intro: string;
  facts: string[];
  sections: Section[];
}

const notSubmitted = () => detailError(409, 'api.application.notSubmitted', 'application_not_submitted');

/** The label of the field a file was uploaded in, as the steps name it (a function: INTAKE_FORM comes from a module that imports this one). */
function fileLabelId(kind: string): string {
  if (kind === INTAKE_FORM) return 'application.upload.label';
  const labels: Record<string, string> = {
    owner_id: 'application.field.id_files',
    income_document: 'application.field.income_documents',
    no_income_form: 'application.field.no_income_form',
  };
  return labels[kind] ?? 'pdf.copy.documents';
}

/** The copy of application `id` in `language`, for its owner only (staff have their own print view: 404). */
export async function getApplicantCopy(deps: ApplicationDeps, viewer: Viewer, id: number, language: Language): Promise<Uint8Array> {
  const { application } = await loadReadable(deps, viewer, id);
  if (application.user_id !== viewer.id) throw notFound();
  if (!hasApplicantCopy(application.status as ApplicationStatus, application.submitted_at)) throw notSubmitted();
  return renderApplicantCopy(await copyContent(deps.db, id, language), language);
}

/** Reads what was sent (the steps' drafts, the current files) and words it in `language`. */
export async function copyContent(db: Db, id: number, language: Language): Promise<CopyContent> {
  const [row] = await db
    .select({ application: applications, program: programs, user: users })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.program_id))
    .innerJoin(users, eq(users.id, applications.user_id))
    .where(eq(applications.id, id));
  if (!row) throw notFound();
  const { application, program, user } = row;
  const steps = await db.select().from(applicationSteps).where(eq(applicationSteps.application_id, id)).orderBy(asc(applicationSteps.step));
  const files = await db
    .select()
    .from(applicationFiles)
    // The current files: a document staff rejected and the applicant replaced is history, not what was sent.
    .where(and(eq(applicationFiles.application_id, id), isNull(applicationFiles.replaced_at)))
    .orderBy(asc(applicationFiles.id));
  const t = (messageId: string, params?: Record<string, string | number>) => translate(language, messageId, params);
  const dataOf = (step: number): Answers => steps.find((stepRow) => stepRow.step === step)?.data ?? {};
  const words = answerWords(language, files);
  const context: FieldContext = { subProgram: program.sub_program as FieldContext['subProgram'] };
  const specRows = (specs: readonly FieldSpec[], data: Answers): Row[] =>
    askedFields(specs, data, context).map((spec) => ({ label: t(labelIdOf(spec)), value: words(spec, data[spec.name]) }));

  const person = dataOf(1);
  const owners = Array.isArray(dataOf(3).owners) ? (dataOf(3).owners as unknown[]) : [];
  const agreement = dataOf(6);
  const intakeForm = files.find((file) => file.kind === INTAKE_FORM);
  const name = [person.first_name, person.last_name].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');

  const sections: Section[] = [
    { heading: stepHeading(language, 1), rows: personAnswers.map((answer) => ({ label: t(answer.label.id), value: personValue(language, person, answer) })) },
    { heading: stepHeading(language, 2), rows: specRows(businessSpecs, dataOf(2)) },
    {
      heading: stepHeading(language, 3),
      rows:
        owners.length === 0
          ? [{ label: t('application.owners.title'), value: t('application.answers.missing') }]
          : owners.flatMap((owner, index) => [
              { heading: t('application.owners.owner', { number: index + 1 }) },
              ...specRows(ownerSpecs, typeof owner === 'object' && owner !== null ? (owner as Answers) : {}),
            ]),
    },
    { heading: stepHeading(language, 4), rows: specRows(householdSpecs, dataOf(4)) },
    { heading: stepHeading(language, 5), rows: specRows(trainingSpecs, dataOf(5)) },
    {
      heading: stepHeading(language, 6),
      rows: [
        { label: t('application.agreement.conditionsName'), value: t(agreement.conditions === true ? 'application.answers.accepted' : 'application.answers.missing') },
        { label: t('application.upload.label'), value: intakeForm?.original_name ?? t('application.answers.missing') },
      ],
    },
    {
      heading: t('pdf.copy.documents'),
      rows:
        files.length === 0
          ? [{ label: t('application.answers.none'), value: '' }]
          : files.map((file) => ({
              label: file.original_name,
              value: t('pdf.copy.document', {
                field: t(fileLabelId(file.kind)),
                size: fileSizeText(language, file.size),
                date: formatDate(file.created_at, language),
              }),
            })),
    },
  ];
  const sent = application.submitted_at ?? application.updated_at;
  return {
    title: t('pdf.copy.title'),
    intro: t('pdf.copy.intro'),
    facts: [
      t('pdf.certification.applicant', { name: name || user.email }),
      t('pdf.certification.program', { program: language === 'en' ? program.name_en : program.name_es, period: program.period }),
      t('pdf.certification.application', { id }),
      t('pdf.copy.submitted', { date: formatDate(sent, language) }),
      ...(application.resubmitted_at ? [t('pdf.copy.resubmitted', { date: formatDate(application.resubmitted_at, language) })] : []),
    ],
    sections,
  };
}

const stepHeading = (language: Language, step: number): string =>
  translate(language, 'pdf.copy.step', { number: step, name: translate(language, `application.step.name${step}`) });

/** Step 1's special answers, as personRows (src/components/application/Answers.tsx) shows them. */
function personValue(language: Language, data: Answers, answer: (typeof personAnswers)[number]): string {
  const t = (messageId: string) => translate(language, messageId);
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() : '');
  const orMissing = (value: string) => (value === '' ? t('application.answers.missing') : value);
  if (!('special' in answer)) return orMissing(text(answer.name));
  switch (answer.special) {
    case 'gender': {
      const gender = Object.entries(genderNames).find(([key]) => key === data.gender)?.[1];
      return gender ? t(gender.id) : t('application.answers.missing');
    }
    case 'postal':
      return data.postal_same_as_physical === true
        ? t('application.answers.postalSame')
        : orMissing([text('postal_line1'), text('postal_line2')].filter(Boolean).join(', '));
    case 'ssn':
      return text('ssn_last4') === '' ? t('application.answers.missing') : maskedSsn(text('ssn_last4'));
  }
}

/** One answer in plain words, as answerOf (src/components/application/Answers.tsx) shows it on screen. */
function answerWords(language: Language, files: readonly FileRow[]): (spec: FieldSpec, value: unknown) => string {
  const t = (messageId: string, params?: Record<string, string | number>) => translate(language, messageId, params);
  const missing = t('application.answers.missing');
  const optionText = (option: Option) =>
    option.code ? t('survey.form.industryOption', { code: option.code, name: t(option.label.id) }) : t(option.label.id);
  const list = (items: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  return (spec, value) => {
    const { kind } = spec;
    switch (kind.type) {
      case 'text':
      case 'textarea':
        return typeof value === 'string' && value.trim() !== '' ? value : missing;
      case 'integer':
        return typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : missing;
      case 'amount':
        return typeof value === 'number' ? formatMoney(language, value) : missing;
      case 'date':
        return typeof value === 'string' && value !== ''
          ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`))
          : missing;
      case 'yesno':
        return value === true ? t('application.answers.yes') : value === false ? t('application.answers.no') : missing;
      case 'radio':
      case 'select': {
        const option = kind.options.find((item) => item.value === value);
        return option ? optionText(option) : missing;
      }
      case 'checkboxes': {
        const chosen = Array.isArray(value) ? kind.options.filter((option) => value.includes(option.value)) : [];
        if (chosen.length > 0) return list(chosen.map(optionText));
        return spec.required ? missing : t('application.answers.none');
      }
      case 'documents': {
        const wanted = Array.isArray(value) ? value : [];
        const named = files.filter((file) => wanted.includes(file.id));
        return named.length === 0 ? missing : list(named.map((file) => file.original_name));
      }
    }
  };
}

const PAGE = { width: 612, height: 792, margin: 60 } as const; // US Letter
const SIZE = { title: 18, heading: 13, subheading: 11, label: 9.5, value: 10.5, text: 10, footer: 8.5 } as const;
const LEADING = 1.35;
const INDENT = 14;

/** Lays the copy out on as many pages as it needs, with "Page n of N" at the foot of each. */
export async function renderApplicantCopy(content: CopyContent, language: Language): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const now = new Date();
  doc.setTitle(content.title);
  doc.setLanguage(language === 'es' ? 'es-PR' : 'en-US');
  doc.setCreator(translate(language, 'app.shortName'));
  doc.setProducer(translate(language, 'app.shortName'));
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  // Helvetica, as the certification form: its WinAnsi set has every Spanish letter (á, é, í, ó, ú, ü, ñ, ¿, ¡).
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = encodable(regular);
  const width = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 20;
  const ensure = (height: number) => {
    if (y - height >= bottom) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  /** Writes text wrapped to the width (each line of a multi-line answer its own paragraph); `keep` lines stay together. */
  const write = (text: string, size: number, font: PDFFont, options: { indent?: number; gapAfter?: number; keep?: number } = {}) => {
    const indent = options.indent ?? 0;
    const lines = clean(text)
      .split(/\r?\n/)
      .flatMap((paragraph) => (paragraph.trim() === '' ? [''] : wrap(paragraph, font, size, width - indent)));
    ensure(Math.min(lines.length, options.keep ?? 1) * size * LEADING);
    for (const line of lines) {
      ensure(size * LEADING);
      y -= size;
      if (line !== '') page.drawText(line, { x: PAGE.margin + indent, y, size, font, color: rgb(0, 0, 0) });
      y -= size * (LEADING - 1);
    }
    y -= options.gapAfter ?? 0;
  };

  write(translate(language, 'app.shortName'), SIZE.text, regular, { gapAfter: 4 });
  write(content.title, SIZE.title, bold, { gapAfter: 8 });
  write(content.intro, SIZE.text, regular, { gapAfter: 10 });
  for (const fact of content.facts) write(fact, SIZE.text, regular, { gapAfter: 2 });
  y -= 8;
  for (const section of content.sections) {
    ensure(SIZE.heading * LEADING * 3);
    y -= 8;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.6, color: rgb(0.55, 0.55, 0.55) });
    y -= 6;
    write(section.heading, SIZE.heading, bold, { gapAfter: 6 });
    for (const row of section.rows) {
      if ('heading' in row) {
        write(row.heading, SIZE.subheading, bold, { gapAfter: 3, keep: 3 });
        continue;
      }
      write(row.label, SIZE.label, bold, { gapAfter: 1, keep: 2 });
      if (row.value !== '') write(row.value, SIZE.value, regular, { indent: INDENT, gapAfter: 6 });
      else y -= 5;
    }
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    const footer = clean(translate(language, 'pdf.copy.page', { page: index + 1, total: pages.length }));
    each.drawText(footer, { x: PAGE.margin, y: PAGE.margin - 20, size: SIZE.footer, font: regular, color: rgb(0.3, 0.3, 0.3) });
  });
  return doc.save();
}
