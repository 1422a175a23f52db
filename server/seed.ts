// Demo data for `npm start`: written once into an empty database (outside production, a staff account with a generated password).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { DEMO_STAFF_EMAIL } from './config.ts';
import { programs, users } from './db/schema.ts';
import { hashPassword } from './auth/passwords.ts';
import { seedDemoEvents } from './events/seed.ts';
import { seedDemoNews } from './news/seed.ts';
import { seedDriveDemo } from './drive/seed.ts';

export { DEMO_STAFF_EMAIL } from './config.ts';

/** Seeds once: when a staff account exists nothing is written, so restarts keep every change. */
export async function seedDemoData(ctx: AppContext, print: (line: string) => void): Promise<void> {
  await seedDemoPrograms(ctx.db, ctx.now(), ctx.config.production);
  await seedDemoEvents(ctx.db, ctx.now());
  await seedDemoNews(ctx.db, ctx.now());
  await seedDriveDemo(ctx.db, ctx.now());
  const [staff] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.is_staff, true)).limit(1);
  if (staff) return;
  if (ctx.config.production) {
    // A generated password printed to a production log would outlive the terminal that showed it.
    print('No staff account yet: create the first one with `npm run create-staff -- --email <address>` (README.md).');
    return;
  }
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** YYYY-MM-DD of a date, in UTC (seed dates are whole days). */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Seeds once, when there is no program at all: one open program of each sub-program (deadline 60 days
 * ahead at 23:59 Puerto Rico time, UTC-4, all year) and one closed program (deadline passed). Outside production
 * an approval needs no second person: the demo has one staff account (docs/decisions/036-review-rules.md).
 */
export async function seedDemoPrograms(db: AppContext['db'], now: Date, production = true): Promise<void> {
  const [any] = await db.select({ id: programs.id }).from(programs).limit(1);
  if (any) return;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const deadline = new Date(day.getTime() + 60 * DAY_MS + (27 * 60 + 59) * 60 * 1000); // 23:59 at UTC-4
  const start = new Date(day.getTime() + 90 * DAY_MS);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 6, start.getUTCDate()));
  const period = `${start.getUTCFullYear()}-${start.getUTCMonth() < 6 ? 1 : 2}`;
  const approval_needs_confirmation = production;
  const open = { period, start_date: isoDay(start), end_date: isoDay(end), application_deadline: deadline, status: 'open', approval_needs_confirmation };
  // Sent with every decision; a rejection needs it (docs/decisions/041-what-applicants-are-told.md).
  const appeal = {
    appeal_es: 'Si no está de acuerdo con la decisión, puede pedir que se reconsidere escribiendo al programa dentro de 30 días, con las razones y los documentos que la apoyen.',
    appeal_en: 'If you disagree with the decision, you may ask for reconsideration by writing to the program within 30 days, with your reasons and any supporting documents.',
  };
  await db.insert(programs).values([
    {
      ...open,
      ...appeal,
      sub_program: 'student_incubator',
      name_es: 'Incubadora universitaria',
      name_en: 'University incubator',
      description_es: 'Para estudiantes universitarios de tercer año o más con ideas de negocio.',
      description_en: 'For third-year college students or above with business ideas.',
    },
    {
      ...open,
      ...appeal,
      sub_program: 'pre_incubator',
      name_es: 'Preincubadora',
      name_en: 'Pre-incubator',
      description_es: 'Para personas con ideas concretas o un producto definido.',
      description_en: 'For people with concrete ideas or a defined product.',
    },
    {
      ...open,
      ...appeal,
      sub_program: 'incubator',
      name_es: 'Incubadora',
      name_en: 'Incubator',
      description_es: 'Para empresas incorporadas con al menos un año de operación.',
      description_en: 'For incorporated companies with at least one year of operation.',
    },
    {
      ...open,
      ...appeal,
      sub_program: 'accelerator',
      name_es: 'Aceleradora',
      name_en: 'Accelerator',
      description_es: 'Para empresas con 2 a 3 años de operación o más.',
      description_en: 'For companies operating 2-3 years or more.',
    },
    {
      ...appeal,
      sub_program: 'incubator',
      name_es: 'Incubadora (grupo anterior)',
      name_en: 'Incubator (previous group)',
      description_es: 'Un grupo anterior: ya no recibe solicitudes.',
      description_en: 'An earlier group: it no longer takes applications.',
      period: `${day.getUTCFullYear() - 1}-2`,
      start_date: isoDay(new Date(day.getTime() - 150 * DAY_MS)),
      end_date: isoDay(new Date(day.getTime() + 30 * DAY_MS)),
      application_deadline: new Date(day.getTime() - 180 * DAY_MS),
      status: 'closed',
      approval_needs_confirmation,
    },
  ]);
}
