// The forms to sign (certification, no-income statement) are ONE page whatever the application holds: a long
// summary shrinks, then is cut with a "...and N more" line; every line is drawn inside the page's margins.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCertification, renderNoIncomeForm, type CertificationInput } from '#server/applications/certification.ts';
import { pdfText } from '../support/pdf-text.ts';

/** The y of every line of text drawn (pdf-lib writes `1 0 0 1 x y Tm` before each), in points from the bottom. */
function textPositions(pdf: Uint8Array): number[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => match[1] ?? '');
  const content = streams
    .map((stream) => {
      try {
        return inflateSync(Buffer.from(stream, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
  return [...content.matchAll(/[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) Tm/g)].map((match) => Number(match[1]));
}

const base: CertificationInput = {
  language: 'es',
  applicationId: 4821,
  applicantName: 'María de los Ángeles Peña Quiñones',
  programName: 'Incubadora universitaria',
  period: '2026-2027',
  date: new Date('2026-11-23T15:00:00Z'),
};

const shortSummary = ['- 1. Persona: María Peña', '- 2. Su negocio: Café del Sur', '- Documentos: identificacion.pdf, talonario.pdf'];
/** An application with many long answers and documents: far more than a page holds at any readable size. */
const longSummary = Array.from(
  { length: 90 },
  (_, index) => `- Documento ${index + 1}: talonario-de-pago-del-mes-de-${index}-con-un-nombre-de-archivo-muy-largo.pdf, ${'palabra '.repeat(12)}`,
);

async function pagesOf(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

describe('the forms to sign are one page', () => {
  for (const [name, render] of [
    ['certification', renderCertification],
    ['no-income statement', renderNoIncomeForm],
  ] as const) {
    for (const language of ['es', 'en'] as const) {
      it(`${name} (${language}): one page, every line inside the margins`, async () => {
        const pdf = await render({ ...base, language, summary: shortSummary });
        expect(await pagesOf(pdf)).toBe(1);
        const positions = textPositions(pdf);
        expect(positions.length).toBeGreaterThan(8);
        for (const y of positions) expect(y).toBeGreaterThanOrEqual(36);
        expect(pdfText(Buffer.from(pdf))).toContain('Peña');
      });
    }
  }

  it('a certification with a summary longer than a page stays one page, names how many lines were left out, and keeps the signature and instructions', async () => {
    const pdf = await renderCertification({ ...base, language: 'en', summary: longSummary });
    expect(await pagesOf(pdf)).toBe(1);
    for (const y of textPositions(pdf)) expect(y).toBeGreaterThanOrEqual(36);
    const text = pdfText(Buffer.from(pdf));
    // WinAnsi: the ellipsis is byte 0x85, read back as latin1.
    expect(text).toMatch(/\x85and \d+ more lines: the application/);
    expect(text).toContain('Participant\u2019s signature'.replace('\u2019', '\x92'));
    expect(text).toContain('Sign this form, then upload it');
    expect(text).toContain('- Documento 1:');
  });

  it('a summary a little too long for full size is shrunk rather than cut', async () => {
    const pdf = await renderCertification({ ...base, language: 'es', summary: longSummary.slice(0, 14).map((line) => line.slice(0, 60)) });
    expect(await pagesOf(pdf)).toBe(1);
    for (const y of textPositions(pdf)) expect(y).toBeGreaterThanOrEqual(36);
    const text = pdfText(Buffer.from(pdf));
    expect(text).toContain('- Documento 14:');
    expect(text).not.toMatch(/l\u00edneas? m\u00e1s/);
  });
});
