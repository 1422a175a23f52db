// The database schema (drizzle-orm). Migrations in server/db/migrations are generated from it by drizzle-kit.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A person with an account: applicant or staff. Person fields of SPEC section 3 live here. */
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
    /** Only the last 4 digits, ever (SPEC section 5). */
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
