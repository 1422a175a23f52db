// Staff's events administration in the browser (docs/decisions/022-admin-events.md): staff signs in and lands on
// /admin/events, creates an event, a visitor registers for it on its public page, staff finds the registration, checks
// it in and downloads the CSV; the form's errors are worded in the page's language. axe clean in es or en (both:
// E2E_ALL=1), also at 360 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { daysAhead, fillEvent, newStaff, registerAsVisitor } from './support/admin.ts';
import { expectNoAxeViolations, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, t } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

test('staff lands on /admin/events, creates an event, a visitor registers, staff checks them in and downloads the CSV', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const staff = await newStaff('admin-events');
  const token = Math.random().toString(36).slice(2, 7);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  await signIn(page, staff, 'es');
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: es('admin.events.title') })).toBeVisible();
  await expectNoAxeViolations(page, 'events list (es)');

  // The form's rules come back from the server, worded, at the field and in the summary.
  await page.getByRole('button', { name: es('admin.events.new') }).click();
  await fillEvent(page, 'es', `Taller ${token}`, `Workshop ${token}`);
  await page.getByLabel(fieldLabel(es('admin.events.form.endsAt')), { exact: true }).fill(daysAhead(11));
  await page.getByRole('button', { name: es('admin.events.form.create') }).click();
  await expect(page.locator('#new-event-errors')).toBeFocused();
  await expect(page.locator('#new-event-errors')).toContainText(es('api.admin.events.endAfterStart'));
  await expectNoAxeViolations(page, 'event form with errors (es)');
  await page.getByLabel(fieldLabel(es('admin.events.form.endsAt')), { exact: true }).fill(daysAhead(12, 12));
  await page.getByRole('button', { name: es('admin.events.form.create') }).click();

  // Created: its page opens.
  await expect(page).toHaveURL(/\/admin\/events\/submission\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Taller ${token}` })).toBeVisible();
  const eventId = Number(/submission\/(\d+)$/.exec(page.url())?.[1]);
  // (The test helper does not do ICU plurals: the Spanish words are written out.)
  await expect(page.getByText('Ningún registro', { exact: true })).toBeVisible();

  // A visitor registers on the event's public page.
  const email = uniqueEmail('admin-events');
  await registerAsVisitor(browser, eventId, `Taller ${token}`, { name: `Peña Visitante ${token}`, email, phone: '787-555-0142', howHeard: 'social' });

  // Staff finds it (without the accent) and checks it in.
  await page.reload();
  await page.getByLabel(fieldLabel(es('admin.events.registrations.search'))).fill(`pena visitante ${token}`);
  await page.getByRole('button', { name: es('admin.events.searchButton') }).click();
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Peña Visitante ${token}`) });
  await expect(row).toContainText(email);
  await expect(row).toContainText(es('events.howHeard.social'));
  const checkIn = page.getByRole('checkbox', { name: es('admin.events.registrations.checkIn', { name: `Peña Visitante ${token}` }) });
  await expect(checkIn).not.toBeChecked();
  await checkIn.check();
  await expect(page.getByText(es('admin.events.done.checkedIn', { name: `Peña Visitante ${token}` })).first()).toBeVisible();
  await expect(checkIn).toBeChecked();
  await expect(page.getByText(es('admin.events.registrations.checkedIn', { count: 1 }))).toBeVisible();
  await expectNoAxeViolations(page, 'event registrations (es)');
  await page.screenshot({ path: shotPath('admin-event-registrations-es'), fullPage: true });

  // The CSV: UTF-8 with BOM, Spanish headers, the registration checked in.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.events.registrations.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registros-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFNombre,Correo electrónico,Teléfono,Cómo se enteró,Idioma,Fecha de registro,Asistió\r\n')).toBe(true);
  expect(csv).toContain(`Peña Visitante ${token},${email},787-555-0142,Redes sociales`);
  expect(csv.trimEnd().endsWith(',Sí')).toBe(true);

  // Close the event from its edit form: the list shows it closed.
  await page.getByRole('button', { name: es('admin.events.edit') }).click();
  await page.getByLabel(fieldLabel(es('admin.events.form.status')), { exact: true }).selectOption('closed');
  await page.getByRole('button', { name: es('admin.events.form.save') }).click();
  await expect(page.getByText(es('admin.events.done.saved')).first()).toBeVisible();
  await page.getByRole('link', { name: es('admin.events.back') }).click();
  await page.getByLabel(fieldLabel(es('admin.events.search'))).fill(token);
  await page.getByRole('button', { name: es('admin.events.searchButton') }).click();
  const listed = page.getByRole('row', { name: new RegExp(`Taller ${token}`) });
  await expect(listed).toContainText(es('admin.events.status.closed'));
  await expect(listed).toContainText(es('admin.events.registrationsOf', { taken: 1, capacity: 40 }));

  // The list's CSV: the searched event, closed, with its one registration checked in.
  const listDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.events.exportList') }).click();
  const listDownload = await listDownloading;
  expect(listDownload.suggestedFilename()).toMatch(/^eventos-\d{4}-\d{2}-\d{2}\.csv$/);
  const list = (await readFile((await listDownload.path()) ?? '', 'utf8')).trimEnd().split('\r\n');
  expect(list[0]).toBe('\uFEFFID,Tipo,Título,Inicio,Fin,Lugar,Enlace,Cupo,Estado,Registros,Asistieron,Creado');
  expect(list).toHaveLength(2);
  expect(list[1]).toContain(`${eventId},Evento,Taller ${token},`);
  expect(list[1]).toContain(',40,Cerrado,1,1,');
});

for (const locale of languagesOf('en')) {
  test(`the events screens have no axe violations (${locale}), also at 360 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const staff = await newStaff(`admin-events-a11y-${locale}`);
    await signIn(page, staff, 'es');
    if (locale === 'en') await switchLanguage(page, 'en');
    await page.goto('/admin/events');
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.events.title') })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, `events list (${locale})`);
    await page.getByRole('button', { name: t(locale, 'admin.events.new') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t(locale, 'admin.events.newTitle') })).toBeVisible();
    await expectNoAxeViolations(page, `new event form (${locale})`);
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: t(locale, 'admin.events.registrations.title') })).toBeVisible();
    await expectNoAxeViolations(page, `one event (${locale})`);
    await page.screenshot({ path: shotPath(`admin-event-${locale}`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/events');
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.events.title') })).toBeVisible();
    await expectNoAxeViolations(page, `events list at 360 px (${locale})`);
    await page.screenshot({ path: shotPath(`admin-events-360-${locale}`), fullPage: true });
    // The tables scroll inside their own region; the page itself does not scroll sideways.
    await expectNoHorizontalScroll(page);
  });
}
