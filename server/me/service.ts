// The signed-in person's own information (docs/product.md section 3, Person): read, change, and the SSN's last 4 digits.
import { eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { fieldErrors, notAuthenticated } from '#server/http/errors.ts';
import { isLanguage } from '#server/i18n/messages.ts';
import { findUserById, type User } from '#server/auth/accounts.ts';
import { SSN_LAST4_PATTERN } from '#shared/application-constants.ts';
import { GENDER_VALUES } from '#shared/contract-enums.ts';

type Person = components['schemas']['Person'];
type PersonUpdate = components['schemas']['PersonUpdate'];

export const maskSsn = (last4: string | null): string | null => (last4 ? `***-**-${last4}` : null);

const genders = GENDER_VALUES;

export function toPerson(user: User): Person {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    gender: genders.find((g) => g === user.gender) ?? null,
    phone: user.phone,
    country: user.country,
    state: user.state,
    city: user.city,
    postal_code: user.postal_code,
    street_address: user.street_address,
    physical_line1: user.physical_line1,
    physical_line2: user.physical_line2,
    postal_line1: user.postal_line1,
    postal_line2: user.postal_line2,
    postal_same_as_physical: user.postal_same_as_physical,
    language: isLanguage(user.language) ? user.language : 'es',
    is_staff: user.is_staff,
    ssn_last4_masked: maskSsn(user.ssn_last4),
  };
}

export async function updatePerson(db: Db, userId: number, change: PersonUpdate, now: Date): Promise<Person> {
  const values: Partial<typeof users.$inferInsert> = { ...change, updated_at: now };
  for (const key of ['first_name', 'last_name'] as const) {
    const value = values[key];
    if (typeof value === 'string') {
      values[key] = value.trim();
      if (values[key] === '') throw fieldErrors({ [key]: 'api.field.required' });
    }
  }
  const addressFields = ['postal_same_as_physical', 'physical_line1', 'physical_line2', 'postal_line1', 'postal_line2'] as const;
  if (addressFields.some((key) => key in change)) {
    // While the flag is on, the postal address follows the physical one (also when only the physical one
    // changes), so the two never disagree.
    const current = await findUserById(db, userId);
    if (change.postal_same_as_physical ?? current?.postal_same_as_physical) {
      values.postal_line1 = change.physical_line1 ?? current?.physical_line1 ?? '';
      values.postal_line2 = change.physical_line2 ?? current?.physical_line2 ?? '';
    }
  }
  // The sign-in e-mail is not a field of PersonUpdate: it changes through server/me/email.ts.
  const [updated] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!updated) throw notAuthenticated();
  return toPerson(updated);
}

export async function setSsnLast4(db: Db, userId: number, last4: string, now: Date): Promise<string> {
  if (!SSN_LAST4_PATTERN.test(last4)) throw fieldErrors({ ssn_last4: 'api.field.ssnLast4' });
  await db.update(users).set({ ssn_last4: last4, updated_at: now }).where(eq(users.id, userId));
  return maskSsn(last4) ?? '';
}
