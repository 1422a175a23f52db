// Demo news for `npm start`: a few published items in both languages, one only in Spanish (English readers see it in
// Spanish), and one draft no applicant sees. Written once, into an empty table.
import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { news } from '#server/db/schema.ts';
import { createNews, type NewsDraft } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function demoNews(now: Date): NewsDraft[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return [
    {
      title_es: 'Abren las solicitudes de la aceleradora',
      title_en: 'Accelerator applications are open',
      body_es:
        'Ya puede solicitar a la **aceleradora**. Revise los requisitos en *Programas* y prepare:\n\n- su plan de negocio\n- sus estados financieros\n\nMás información en [la página de programas](/panel/programs).',
      body_en:
        'You can now apply to the **accelerator**. Check the requirements under *Programs* and get ready:\n\n- your business plan\n- your financial statements\n\nMore in [the programs page](/panel/programs).',
      published_at: daysAgo(1),
    },
    {
      title_es: 'Taller: finanzas para pequeños negocios',
      title_en: 'Workshop: finance for small businesses',
      body_es: 'Un taller práctico de dos horas sobre flujo de caja y precios. Cupo limitado.',
      body_en: 'A two-hour hands-on workshop on cash flow and pricing. Seats are limited.',
      published_at: daysAgo(4),
    },
    {
      title_es: 'Horario de la oficina durante los días feriados',
      title_en: '',
      body_es: 'La oficina estará cerrada el jueves y el viernes. Las solicitudes en línea siguen abiertas.',
      body_en: '',
      published_at: daysAgo(9),
    },
    {
      title_es: 'Bienvenida a la nueva cohorte',
      title_en: 'Welcome to the new cohort',
      body_es: 'Damos la bienvenida a las 24 empresas de la nueva cohorte de la incubadora.',
      body_en: 'We welcome the 24 businesses of the incubator’s new cohort.',
      published_at: daysAgo(20),
    },
    {
      title_es: 'Borrador: resultados de la encuesta',
      title_en: 'Draft: survey results',
      body_es: 'Aún no publicado.',
      body_en: 'Not published yet.',
      published_at: null,
    },
  ];
}

/** Seeds the demo news once: nothing is written when the table has any item. */
export async function seedDemoNews(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(news);
  if ((existing?.n ?? 0) > 0) return;
  for (const item of demoNews(now)) await createNews(db, item, now);
}
