// The database schema (drizzle-orm). Migrations in server/db/migrations are generated from it by drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
  unique,
  uniqueIndex,
  type AnyPgColumn,
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
    /** Reminder e-mails (server/operations/reminders.ts); the person turns them off in the profile. */
    reminders: boolean('reminders').notNull().default(true),
    /** Carried in refresh tokens; a password reset increments it, which revokes every refresh token issued before. */
    token_version: integer('token_version').notNull().default(0),
    conditions_accepted_at: timestamp('conditions_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Staff search (docs/decisions/021): search_fold() (migration 0007) drops accents and case; the trigram index
    // serves `like '%...%'` on the name and e-mail together, the others the list's keyset sorts.
    index('users_search_trgm').using('gin', sql`search_fold(${t.first_name} || ' ' || ${t.last_name} || ' ' || ${t.email}) gin_trgm_ops`),
    index('users_name_sort').on(sql`search_fold(${t.last_name} || ' ' || ${t.first_name})`, t.id),
    index('users_created_sort').on(t.created_at, t.id),
  ],
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

/**
 * One signed-in device (docs/decisions/057-see-your-sessions.md): the refresh token's jti, the account and token
 * version it was issued with, what the device said it was and where it called from. The profile lists these and
 * ends them; whether a session is alive is still decided by revoked_tokens and the token version alone, so the PGlite
 * session cache (server/db/session-cache.ts) needs nothing for this table. last_used_at moves at a refresh, at most
 * once every few minutes (server/auth/sessions.ts). Rows go once expired (retention) or ended.
 */
export const signedInSessions = pgTable(
  'signed_in_sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_version: integer('token_version').notNull(),
    /** The User-Agent header as sent (cut at 512 characters). */
    user_agent: text('user_agent').notNull().default(''),
    /** The client's network address as the server saw it (TRUST_PROXY decides whose X-Forwarded-For counts). */
    address: text('address').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signed_in_sessions_user_idx').on(t.user_id), index('signed_in_sessions_expires_at_idx').on(t.expires_at)],
);

/**
 * Unfinished resumable uploads (docs/decisions/061-resumable-uploads.md), from their creation until they complete, are
 * cancelled or expire: counted per person when another is created. The bytes wait in the tus store.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** tus's upload id (32 hex digits), as in its URL. */
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The announced Upload-Length (20MB at most). */
    length: integer('length').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('resumable_uploads_user_idx').on(t.user_id), index('resumable_uploads_created_at_idx').on(t.created_at)],
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

/**
 * A change of sign-in e-mail (docs/decisions/046-account-safety.md): asked with the password, made when the link sent
 * to the new address is followed, undone from the notice sent to the old one. Tokens are kept as SHA-256 digests only.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    old_email: text('old_email').notNull(),
    new_email: text('new_email').notNull(),
    confirm_token_hash: text('confirm_token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was followed and the address changed. */
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** A later request, a completed change or an undo spent this one's link before it was followed. */
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    undo_token_hash: text('undo_token_hash'),
    undo_expires_at: timestamp('undo_expires_at', { withTimezone: true }),
    undone_at: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_token_key').on(t.confirm_token_hash),
    uniqueIndex('email_changes_undo_token_key').on(t.undo_token_hash),
    index('email_changes_user_idx').on(t.user_id),
  ],
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
    /** One optional attachment (an event's .ics calendar file, the applicant's copy): its file name, MIME type and content. */
    attachment_name: text('attachment_name'),
    attachment_type: text('attachment_type'),
    attachment_content: text('attachment_content'),
    /** 'base64' when attachment_content is a binary file base64-encoded (the applicant's copy, a PDF); null for text. */
    attachment_encoding: text('attachment_encoding'),
    /** The application the message is about (its timeline lists it: docs/decisions/040); null for other mail. */
    application_id: integer('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
    index('mail_outbox_application_idx').on(t.application_id).where(sql`${t.application_id} is not null`),
  ],
);

/**
 * Each reminder sent (server/operations/reminders.ts), written with its e-mail: the key refuses a second copy. `due_key`
 * tells one occasion of a kind from the next (the draft's last change, the change request's date), '' when once only.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    application_id: integer('application_id')
      .notNull()
      .references((): AnyPgColumn => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    due_key: text('due_key').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'reminders_sent_pkey', columns: [t.application_id, t.kind, t.due_key] })],
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
    /** What an applicant may do about a decision (appeal or reconsideration), sent with it; a rejection needs both. */
    appeal_es: text('appeal_es').notNull().default(''),
    appeal_en: text('appeal_en').notNull().default(''),
    /** e.g. 2027-1 */
    period: text('period').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    application_deadline: timestamp('application_deadline', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    /** Days an application may wait in one status before staff's list marks it (docs/decisions/040); null: no target. */
    review_target_days: integer('review_target_days'),
    /** A second staff member confirms each approval (docs/decisions/036-review-rules.md); on unless staff turn it off. */
    approval_needs_confirmation: boolean('approval_needs_confirmation').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('programs_review_target_days_check', sql`${t.review_target_days} between 1 and 365`),
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
    /** The staff member reviewing it (docs/decisions/028-review-lifecycle.md); null before one is assigned. */
    reviewer_id: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff's last change request: what to correct and the reopened steps; shown while changes are requested. */
    change_message: text('change_message'),
    change_steps: smallint('change_steps').array(),
    changes_requested_at: timestamp('changes_requested_at', { withTimezone: true }),
    /** Staff's decision's reason, sent to the applicant with the decision (the status says which). */
    decision_reason: text('decision_reason'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    /** Review rules (docs/decisions/036-review-rules.md): who asked for the last changes (the resubmission goes back to them). */
    changes_requested_by: integer('changes_requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The applicant's last sending after a change request. */
    resubmitted_at: timestamp('resubmitted_at', { withTimezone: true }),
    /** An approval that needs a second person: proposed (with the reason the applicant will read), then confirmed. */
    approval_proposed_by: integer('approval_proposed_by').references(() => users.id, { onDelete: 'set null' }),
    approval_proposed_at: timestamp('approval_proposed_at', { withTimezone: true }),
    approval_reason: text('approval_reason'),
    approval_confirmed_by: integer('approval_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    approval_confirmed_at: timestamp('approval_confirmed_at', { withTimezone: true }),
    /**
     * What staff search (docs/decisions/025): the applicant's name and e-mail and step 2's business name, folded by
     * search_fold(). Triggers of migration 0008 keep it current; the server never writes it.
     */
    search_text: text('search_text').notNull().default(''),
    /**
     * The household's HUD buckets (docs/decisions/031, "Measured"): hud_household() of migration 0013 maps steps 1 and
     * 4 to them, hud_key() packs the ten buckets into `hud_key`, and its triggers keep them current; the server never
     * writes them, the HUD report reads them. The municipality, size and income give the LMI category per request.
     */
    hud_key: integer('hud_key').notNull().default(216512),
    hud_municipality_key: text('hud_municipality_key').notNull().default(''),
    hud_household_size: numeric('hud_household_size'),
    hud_income: numeric('hud_income'),
    /**
     * The mean of staff's score sheets' weighted totals (docs/decisions/033-scoring-and-notes.md), null before any;
     * stored so the list sorts by it, and rewritten by server/admin/scoring.ts whenever a sheet, a rubric or the
     * program's sub-program changes. Staff only: no applicant answer reads it.
     */
    score_average: doublePrecision('score_average'),
    /**
     * When it entered its current status (docs/decisions/040-staff-queues-and-history.md): the audit entry of the
     * change, or submitted_at / closed_at for the changes nobody audits. Migration 0020's triggers keep it; the server
     * never writes it, staff's list reads and sorts by it.
     */
    status_since: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_user_program_key').on(t.user_id, t.program_id),
    index('applications_program_status_idx').on(t.program_id, t.status),
    // And applications_status_program_hud_idx of migration 0013: (status, program_id) INCLUDE the hud_* columns the
    // report reads, which drizzle cannot declare; the HUD report's index-only scan (docs/decisions/031). Likewise
    // applications_user_status_idx: (user_id) INCLUDE (status, program_id), the dashboard's funnel (decision 030).
    // Staff's list (docs/decisions/025): the trigram index serves `like '%...%'`, the others each keyset sort.
    index('applications_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('applications_updated_sort').on(t.updated_at, t.id),
    index('applications_created_sort').on(t.created_at, t.id),
    index('applications_submitted_first_sort').on(sql`coalesce(${t.submitted_at}, '-infinity'::timestamptz)`, t.id),
    index('applications_submitted_last_sort').on(sql`coalesce(${t.submitted_at}, 'infinity'::timestamptz)`, t.id),
    index('applications_score_high_sort').on(sql`coalesce(${t.score_average}, '-infinity'::float8)`, t.id),
    index('applications_score_low_sort').on(sql`coalesce(${t.score_average}, 'infinity'::float8)`, t.id),
    index('applications_reviewer_idx').on(t.reviewer_id),
    index('applications_status_since_sort').on(t.status_since, t.id),
    check(
      'applications_status_check',
      sql`${t.status} in ('draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'rejected', 'waitlisted', 'closed')`,
    ),
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
    /** Staff's verdict (docs/decisions/032-document-checklist.md): null until verified or rejected; a new upload starts at null. */
    verdict: text('verdict'),
    /** The rejection's reason (also the change request's message), else null. */
    verdict_reason: text('verdict_reason'),
    verdict_by: integer('verdict_by').references(() => users.id, { onDelete: 'set null' }),
    verdict_at: timestamp('verdict_at', { withTimezone: true }),
    /**
     * When the applicant replaced this rejected document (docs/decisions/036-review-rules.md): the row and its bytes
     * stay as history, out of the applicant's files and staff's checklist.
     */
    replaced_at: timestamp('replaced_at', { withTimezone: true }),
    /**
     * A form signed on screen (docs/decisions/055-signing-in-the-browser.md): the signer's typed name, when, and the
     * SHA-256 of the form as presented to them; all null for a file uploaded (printed and signed by hand).
     */
    signer_name: text('signer_name'),
    signed_at: timestamp('signed_at', { withTimezone: true }),
    presented_sha256: text('presented_sha256'),
  },
  // One intake form per application; the documents of steps 3 and 4 are several per field (docs/decisions/015).
  (t) => [
    check('application_files_verdict_check', sql`${t.verdict} is null or ${t.verdict} in ('verified', 'rejected')`),
    uniqueIndex('application_files_intake_form_key').on(t.application_id).where(sql`${t.kind} = 'intake_form' and ${t.replaced_at} is null`),
    index('application_files_application_key').on(t.application_id, t.kind),
  ],
);

/**
 * An event or interest form (staff call them submissions; docs/decisions/018-events-and-registrations.md). Times are
 * instants (timestamptz); the SPA shows them in America/Puerto_Rico. `capacity` null: no limit.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title_es: text('title_es').notNull(),
    title_en: text('title_en').notNull(),
    description_es: text('description_es').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    place: text('place').notNull().default(''),
    link: text('link'),
    capacity: integer('capacity'),
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    // The panel lists open events by start; the landing page finds the open interest form.
    index('events_kind_status_starts_at_idx').on(t.kind, t.status, t.starts_at),
    check('events_kind_check', sql`${t.kind} in ('interest', 'event')`),
    check('events_status_check', sql`${t.status} in ('open', 'closed')`),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('events_event_has_start_check', sql`${t.kind} = 'interest' or ${t.starts_at} is not null`),
  ],
);

/** One registration for an event: from the public form, or an applicant attending from the panel (user_id set). */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed: one registration per e-mail per event. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    how_heard: text('how_heard'),
    language: text('language').notNull().default('es'),
    /** For the staff check-in at the door (admin screens). */
    attended: boolean('attended').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_email_key').on(t.event_id, sql`lower(trim(${t.email}))`),
    // What a person attends (the panel's list and cancel).
    index('event_registrations_user_event_idx').on(t.user_id, t.event_id),
    check(
      'event_registrations_how_heard_check',
      sql`${t.how_heard} is null or ${t.how_heard} in ('search_engine', 'recommendation', 'social', 'meet_and_greet', 'other')`,
    ),
  ],
);

/**
 * A news item for signed-in applicants: title and Markdown body in each language, either of which
 * may be empty (the reader's language falls back to the other: server/news/service.ts). `published_at` null is a draft,
 * seen by staff only; it is kept to the millisecond so the list's keyset cursor (`<ms>-<id>`) names a row exactly.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title_es: text('title_es').notNull().default(''),
    title_en: text('title_en').notNull().default(''),
    body_es: text('body_es').notNull().default(''),
    body_en: text('body_en').notNull().default(''),
    published_at: timestamp('published_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    // The published list, newest first, read by keyset (published_at, id).
    index('news_published_idx').on(t.published_at.desc(), t.id.desc()).where(sql`${t.published_at} is not null`),
    check('news_has_a_title_check', sql`${t.title_es} <> '' or ${t.title_en} <> ''`),
  ],
);

/**
 * Every change staff make, written in the same transaction as the change (docs/decisions/021): who, which operation,
 * which record, when, and the record's changed fields before and after. Read per record, newest first.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The staff member; kept null if their account is ever deleted, so the entry survives. */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The openapi.yaml operationId of the change (setAdminUserStaff...). */
    operation: text('operation').notNull(),
    record_type: text('record_type').notNull(),
    record_id: integer('record_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_record_key').on(t.record_type, t.record_id, t.id), index('audit_log_at_idx').on(t.at, t.id)],
);

/**
 * A program's drive (docs/decisions/019-program-drive.md): folders and files, in the shared materials (owner_id
 * null, written by staff) or in one person's own space. A file's bytes live in FileStorage under storage_key.
 */
export const driveNodes = pgTable(
  'drive_nodes',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** The person whose space holds it; null: the program's shared materials. */
    owner_id: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The folder holding it; null: the space's root. Deleting a folder deletes what it holds. */
    parent_id: integer('parent_id').references((): AnyPgColumn => driveNodes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    storage_key: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    content_type: text('content_type'),
    ...timestamps,
  },
  (t) => [
    // Listing a folder, and no two names in one folder that differ only by case (null owner or parent as 0).
    uniqueIndex('drive_nodes_folder_name_key').on(
      t.program_id,
      sql`coalesce(${t.owner_id}, 0)`,
      sql`coalesce(${t.parent_id}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('drive_nodes_parent_idx').on(t.parent_id),
    // The quota: the size of a person's files.
    index('drive_nodes_owner_size_idx').on(t.owner_id, t.size),
    check('drive_nodes_kind_check', sql`${t.kind} in ('folder', 'file')`),
    check(
      'drive_nodes_file_check',
      sql`(${t.kind} = 'file') = (${t.storage_key} is not null and ${t.size} is not null and ${t.content_type} is not null)`,
    ),
  ],
);

/**
 * HUD's income limits by year, Puerto Rico municipality and household size (1-8), imported by staff from CSV
 * (docs/decisions/031-hud-beneficiary-report.md). `municipality_key` is the name folded by search_fold(), which is how
 * the report matches the applicant's city (step 1) to a row.
 */
export const hudIncomeLimits = pgTable(
  'hud_income_limits',
  {
    year: smallint('year').notNull(),
    municipality: text('municipality').notNull(),
    municipality_key: text('municipality_key').notNull(),
    household_size: smallint('household_size').notNull(),
    limit_30: integer('limit_30').notNull(),
    limit_50: integer('limit_50').notNull(),
    limit_80: integer('limit_80').notNull(),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.municipality_key, t.household_size] }),
    check('hud_income_limits_size_check', sql`${t.household_size} between 1 and 8`),
    check('hud_income_limits_order_check', sql`0 < ${t.limit_30} and ${t.limit_30} <= ${t.limit_50} and ${t.limit_50} <= ${t.limit_80}`),
  ],
);

/** One criterion of a sub-program's rubric (docs/decisions/033-scoring-and-notes.md); `key` names it in score sheets. */
export interface RubricCriterion {
  key: string;
  name_es: string;
  name_en: string;
  weight: number;
  max_score: number;
}

/**
 * Each sub-program's current scoring rubric (docs/decisions/033-scoring-and-notes.md), staff-editable, one row per
 * sub-program; `version` names its row in rubric_versions, whose criteria are the same (server/admin/scoring.ts setRubric
 * writes both).
 */
export const rubrics = pgTable('rubrics', {
  id: serial('id').primaryKey(),
  sub_program: text('sub_program').notNull().unique(),
  criteria: jsonb('criteria').$type<RubricCriterion[]>().notNull(),
  version: integer('version').notNull().default(1),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every version of every rubric (migration 0017, docs/decisions/037-rubric-versions.md): a version that has score sheets
 * never changes again; editing the rubric then makes the next version.
 */
export const rubricVersions = pgTable(
  'rubric_versions',
  {
    id: serial('id').primaryKey(),
    sub_program: text('sub_program').notNull(),
    version: integer('version').notNull(),
    criteria: jsonb('criteria').$type<RubricCriterion[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('rubric_versions_sub_program_version_unique').on(t.sub_program, t.version)],
);

/** One staff member's score sheet for one application: criterion key -> score (0..max). Staff only. */
export const applicationScores = pgTable(
  'application_scores',
  {
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewer_id: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    /** The rubric version the sheet was given under: its total is computed from that version only (migration 0017). */
    rubric_version_id: integer('rubric_version_id')
      .notNull()
      .references(() => rubricVersions.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.application_id, t.reviewer_id] }), index('application_scores_rubric_version_idx').on(t.rubric_version_id)],
);

/** Staff's internal notes on an application: never shown to the applicant. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: serial('id').primaryKey(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Kept null if the author's account is ever deleted, so the note survives. */
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last changed the text (migration 0014); null if never. */
    edited_at: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('application_notes_application_idx').on(t.application_id, t.id)],
);

/**
 * Each staff member's conflict-of-interest declaration on an application (docs/decisions/036-review-rules.md):
 * `conflict` false is "no conflict" (scoring needs it), true recuses them for good. Audited when written.
 */
export const applicationConflictDeclarations = pgTable(
  'application_conflict_declarations',
  {
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conflict: boolean('conflict').notNull(),
    declared_at: timestamp('declared_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.application_id, t.staff_id] })],
);

/**
 * The duplicate check's normalized keys (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): one row per
 * identifying answer of an application (steps 1 and 2), folded by application_identity() of migration 0018, whose
 * triggers keep them current; the server never writes them.
 */
export const applicationIdentityKeys = pgTable(
  'application_identity_keys',
  {
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
  },
  (t) => [
    primaryKey({ name: 'application_identity_keys_pk', columns: [t.application_id, t.kind, t.key] }),
    // Migration 0018's lookup index: (kind, key) INCLUDE (user_id, application_id), which drizzle cannot declare.
    check('application_identity_keys_kind_check', sql`${t.kind} in ('ssn_name', 'address', 'phone', 'email', 'business')`),
  ],
);

/** Two applications of different accounts sharing at least one key, with the kinds shared; kept by migration 0018's triggers. */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    application_a: integer('application_a')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    application_b: integer('application_b')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    user_a: integer('user_a').notNull(),
    user_b: integer('user_b').notNull(),
    reasons: text('reasons').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'duplicate_pairs_pk', columns: [t.application_a, t.application_b] }),
    index('duplicate_pairs_b_idx').on(t.application_b),
    check('duplicate_pairs_order_check', sql`${t.application_a} < ${t.application_b} and ${t.user_a} <> ${t.user_b}`),
  ],
);

/** Staff's "not the same" marks: two accounts staff judged to be different people, by whom and when (decision 038). */
export const duplicateNotSame = pgTable(
  'duplicate_not_same',
  {
    user_low: integer('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_high: integer('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marked_by: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    marked_at: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'duplicate_not_same_pk', columns: [t.user_low, t.user_high] }),
    check('duplicate_not_same_order_check', sql`${t.user_low} < ${t.user_high}`),
  ],
);

/**
 * An account's authenticator app (docs/decisions/049-second-factor.md): the secret encrypted (never answered after
 * enrolment), confirmed by a first code; last_time_step refuses a code used once already (replay).
 */
export const totpFactors = pgTable('totp_factors', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_encrypted: text('secret_encrypted').notNull(),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  last_time_step: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, hashed; used_at marks one spent (each works once). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.user_id, t.code_hash)],
);

/**
 * A passkey (WebAuthn credential, docs/decisions/056-passkeys.md): its id and COSE public key (base64url), the
 * authenticator's signature counter, the transports the browser reported (JSON), and the name the person gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default('[]'),
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credential_id), index('passkeys_user_id_idx').on(t.user_id)],
);

/** A WebAuthn challenge the server issued (to register or to sign with a passkey); spent by the first answer naming it. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_user_id_idx').on(t.user_id)],
);
