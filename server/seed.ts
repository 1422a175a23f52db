// Demo data for `npm start`: written once into an empty database (a staff account with a generated password).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { users } from './db/schema.ts';
import { hashPassword } from './auth/passwords.ts';

export const DEMO_STAFF_EMAIL = 'staff@incubadora.example';

/** Seeds once: when a staff account exists nothing is written, so restarts keep every change. */
export async function seedDemoData(ctx: AppContext, print: (line: string) => void): Promise<void> {
  const [staff] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.is_staff, true)).limit(1);
  if (staff) return;
  // Generated, never fixed: a demo database copied somewhere public still has no known password.
  const password = `${randomBytes(9).toString('base64url')}-Aa1`;
  await ctx.db.insert(users).values({
    email: process.env.SEED_STAFF_EMAIL || DEMO_STAFF_EMAIL,
    password_hash: await hashPassword(password),
    first_name: 'Equipo',
    last_name: 'Incubadora',
    language: 'es',
    is_staff: true,
    conditions_accepted_at: ctx.now(),
  });
  print('');
  print('  Demo staff account (shown once; change it from the profile or with a password reset):');
  print(`    e-mail:   ${process.env.SEED_STAFF_EMAIL || DEMO_STAFF_EMAIL}`);
  print(`    password: ${password}`);
  print('');
}
