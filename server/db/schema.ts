// The database schema (drizzle-orm). Migrations in server/db/migrations are generated from it by drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A person with an account: applicant or staff. Person fields of docs/product.md section 3 live here. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored as typed; uniqueness is case-insensitive through the lower(email) index. */
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    gender: text('gender'),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    postal_code: text('postal_code').notNull().default(''),
    street_address: text('street_address').notNull().default(''),
    physical_line1: text('physical_line1').notNull().default(''),
    physical_line2: text('physical_line2').notNull().default(''),
    postal_line1: text('postal_line1').notNull().default(''),
    postal_line2: text('postal_line2').notNull().default(''),
    postal_same_as_physical: boolean('postal_same_as_physical').notNull().default(false),
    language: text('language').notNull().default('es'),
    /** Only the last 4 digits, ever (docs/product.md section 5). */
    ssn_last4: text('ssn_last4'),
    is_staff: boolean('is_staff').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    /** Carried in refresh tokens; a password reset increments it, which revokes every refresh token issued before. */
    token_version: integer('token_version').notNull().default(0),
    conditions_accepted_at: timestamp('conditions_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Refresh tokens signed out before they expire (logout). Rows are purged once the token would have expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expires_at)],
);

/** Captcha challenges already used once, so a solution cannot be replayed. Purged after expiry. */
export const spentCaptchas = pgTable(
  'spent_captchas',
  {
    signature: text('signature').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captchas_expires_at_idx').on(t.expires_at)],
);

/** Transactional outbox: e-mail written in the same transaction as the change that causes it, sent later. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    failed_at: timestamp('failed_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null and ${t.failed_at} is null`)],
);

/**
 * A program (the SPA also says drive or group) of one of the four sub-programs (docs/product.md section 1).
 * `status` is what staff set; a program whose deadline has passed reads as closed (server/programs/status.ts).
 */
export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    sub_program: text('sub_program').notNull(),
    name_es: text('name_es').notNull(),
    name_en: text('name_en').notNull(),
    description_es: text('description_es').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    /** e.g. 2027-1 */
    period: text('period').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    application_deadline: timestamp('application_deadline', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    // The list filters on status and sub-program and orders by deadline.
    index('programs_status_sub_program_idx').on(t.status, t.sub_program),
    index('programs_application_deadline_idx').on(t.application_deadline),
    check('programs_status_check', sql`${t.status} in ('open', 'closed', 'unavailable')`),
    check(
      'programs_sub_program_check',
      sql`${t.sub_program} in ('student_incubator', 'pre_incubator', 'incubator', 'accelerator')`,
    ),
  ],
);

/** The eligibility survey: one per person, kept (with timestamps) for staff to read. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    has_business: boolean('has_business').notNull(),
    idea: text('idea'),
    industry: text('industry'),
    operating_time: text('operating_time'),
    monthly_revenue: numeric('monthly_revenue', { precision: 14, scale: 2, mode: 'number' }),
    employees: integer('employees'),
    website: text('website'),
    gpa: numeric('gpa', { precision: 3, scale: 2, mode: 'number' }),
    university: text('university'),
    third_year_student: boolean('third_year_student').notNull(),
    steam_branch: text('steam_branch'),
    cohort: text('cohort'),
    ...timestamps,
  },
  (t) => [uniqueIndex('surveys_user_id_key').on(t.user_id)],
);

/** One person's application to one program: draft, submitted or closed (docs/product.md section 4). */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id),
    status: text('status').notNull().default('draft'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_user_program_key').on(t.user_id, t.program_id),
    index('applications_program_status_idx').on(t.program_id, t.status),
    check('applications_status_check', sql`${t.status} in ('draft', 'submitted', 'closed')`),
  ],
);

/** Each of the six steps of an application: its saved draft, a version for conflict detection, and its status. */
export const applicationSteps = pgTable(
  'application_steps',
  {
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    status: text('status').notNull().default('incomplete'),
    /** 0 until the person first saves; every save adds 1. */
    version: integer('version').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.application_id, t.step] }),
    check('application_steps_step_check', sql`${t.step} between 1 and 6`),
    check('application_steps_status_check', sql`${t.status} in ('incomplete', 'submitted')`),
  ],
);

/** Files uploaded to an application (the signed participant intake form); the bytes live in FileStorage. */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: serial('id').primaryKey(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The storage key (a path under the files directory). */
    storage_key: text('storage_key').notNull(),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Active content found in an uploaded PDF (javascript, embedded_file, launch, rich_media): staff see a warning. */
    active_content: text('active_content').array().notNull().default(sql`'{}'::text[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One intake form per application; the documents of steps 3 and 4 are several per field (docs/decisions/015).
  (t) => [
    uniqueIndex('application_files_intake_form_key').on(t.application_id).where(sql`${t.kind} = 'intake_form'`),
    index('application_files_application_key').on(t.application_id, t.kind),
  ],
);
