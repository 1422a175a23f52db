// The small faults of applying from a phone that live in pure functions (docs/decisions/042-partial-drafts-and-phone-faults.md):
// what an SSN field keeps, how money and Puerto Rico's time are written, which typed numbers are numbers, what a
// step's autosave sends while one field is malformed, a renamed file's extension, and an empty drive's size.
import { createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { ssnLast4Of, STEP_NUMBERS } from '#shared/application-constants.ts';
import { renamedFileName } from '#shared/drive-constants.ts';
import { savableDraft } from '#shared/validation/savable-draft.ts';
import { loadStepValidators } from '#shared/validation/step-validators.ts';
import { typedNumber } from '#components/ui/NumberTextField.tsx';
import { fileSize } from '#components/upload/upload-messages.ts';
import { formatInstant } from '#lib/dates.ts';
import { formatMoney } from '#shared/money.ts';

// The step screens' validators arrive with their screens (shared/validation/step-validators.ts): all of them here.
beforeAll(() => Promise.all(STEP_NUMBERS.map((step) => loadStepValidators(step))));

const intlOf = (locale: 'es' | 'en') => createIntl({ locale, messages: {} });

describe('phone faults', () => {
  it('keeps the last four digits of a typed or pasted SSN, digits only', () => {
    expect(ssnLast4Of('123-45-6789')).toBe('6789');
    expect(ssnLast4Of('123456789')).toBe('6789');
    expect(ssnLast4Of('12ab')).toBe('12');
    expect(ssnLast4Of('abcd')).toBe('');
    expect(ssnLast4Of('4821')).toBe('4821');
  });

  it('writes money as Puerto Rico does in both languages', () => {
    expect(formatMoney('es', 4500.5)).toBe('$4,500.50');
    expect(formatMoney('en', 4500.5)).toBe('$4,500.50');
    expect(formatMoney('es', 18000)).toBe('$18,000.00');
  });

  it('reads "4,500.50" as a number, and a comma anywhere else as text', () => {
    expect(typedNumber('4,500.50')).toBe(4500.5);
    expect(typedNumber('18,000')).toBe(18000);
    expect(typedNumber('1,234,567.8')).toBe(1234567.8);
    expect(typedNumber('4500.50')).toBe(4500.5);
    expect(typedNumber('4,50')).toBe('4,50');
    expect(typedNumber('45,00.1')).toBe('45,00.1');
    expect(typedNumber('')).toBeNull();
  });

  it('names Puerto Rico’s time AST in Spanish and English', () => {
    const instant = '2027-03-01T14:00:00Z';
    const es = formatInstant(intlOf('es'), instant);
    const en = formatInstant(intlOf('en'), instant);
    expect(es).toMatch(/10:00.*AST$/);
    expect(es).not.toContain('GMT');
    expect(en).toMatch(/10:00\sAM AST$/);
  });

  it('sends the valid fields of a step and holds back the malformed one, putting back its saved value', () => {
    const typed = { city: 'Ponce', phone: '12ab', postal_code: '00716', ssn_last4: '12' };
    expect(savableDraft(1, typed, undefined)).toEqual({ data: { city: 'Ponce', postal_code: '00716', ssn_last4: '12' }, withheld: ['phone'] });
    expect(savableDraft(1, typed, { phone: '787-555-0100' }).data).toEqual({ ...typed, phone: '787-555-0100' });
    // Several at once, nested ones too: every one is held back, nothing else.
    const business = savableDraft(2, { business_name: 'Café', monthly_revenue: '4,50', business_phone: 'x' }, undefined);
    expect(business.data).toEqual({ business_name: 'Café' });
    expect(business.withheld.sort()).toEqual(['business_phone', 'monthly_revenue']);
    const owners = savableDraft(3, { owners: [{ name: 'Ana', position: 7 }] }, undefined);
    expect(owners).toEqual({ data: { owners: [{ name: 'Ana' }] }, withheld: ['owners.0.position'] });
    // A valid draft goes as it is.
    expect(savableDraft(1, { city: 'Ponce' }, undefined)).toEqual({ data: { city: 'Ponce' }, withheld: [] });
  });

  it('keeps a renamed file’s extension', () => {
    expect(renamedFileName('licencia.pdf', 'licencia renombrada', 120)).toBe('licencia renombrada.pdf');
    expect(renamedFileName('licencia.pdf', 'Nueva.PDF', 120)).toBe('Nueva.PDF');
    expect(renamedFileName('notas', 'otras', 120)).toBe('otras');
    expect(renamedFileName('foto.jpg', 'a'.repeat(120), 120)).toBe(`${'a'.repeat(116)}.jpg`);
  });

  it('says an empty drive holds 0 kB, a few bytes 1 kB', () => {
    const intl = intlOf('es');
    expect(fileSize(intl, 0)).toMatch(/^0\s?kB$/);
    expect(fileSize(intl, 10)).toMatch(/^1\s?kB$/);
  });
});
