// Demo events for `npm start`: one open interest form, one upcoming open event with capacity, and one past event.
import type { Db } from '#server/db/client.ts';
import { events } from '#server/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 10:00 in Puerto Rico (UTC-4 all year) `days` after `now`'s day. */
const at10 = (now: Date, days: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS + 14 * 60 * 60 * 1000);

/** Seeds once, when there is no event at all. */
export async function seedDemoEvents(db: Db, now: Date): Promise<void> {
  const [any] = await db.select({ id: events.id }).from(events).limit(1);
  if (any) return;
  await db.insert(events).values([
    {
      kind: 'interest',
      title_es: 'Próxima convocatoria',
      title_en: 'Next call for applications',
      description_es: 'Déjenos sus datos y le avisaremos cuando abran los programas.',
      description_en: 'Leave your details and we will let you know when the programs open.',
      status: 'open',
    },
    {
      kind: 'event',
      title_es: 'Taller: su plan de negocios',
      title_en: 'Workshop: your business plan',
      description_es: 'Dos horas para dar forma a su plan de negocios con mentores del programa.',
      description_en: 'Two hours to shape your business plan with the program’s mentors.',
      starts_at: at10(now, 14),
      ends_at: new Date(at10(now, 14).getTime() + 2 * 60 * 60 * 1000),
      place: 'Centro de Innovación, San Juan',
      capacity: 30,
      status: 'open',
    },
    {
      kind: 'event',
      title_es: 'Charla de bienvenida',
      title_en: 'Welcome talk',
      description_es: 'Presentación de los cuatro subprogramas.',
      description_en: 'An introduction to the four sub-programs.',
      starts_at: at10(now, -30),
      link: 'https://meet.example.org/bienvenida',
      capacity: 100,
      status: 'open',
    },
  ]);
}
