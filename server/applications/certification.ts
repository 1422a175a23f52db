// The forms the applicant downloads, signs and uploads, as one-page PDFs in the reader's language: the certification
// form (docs/product.md section 3, Certification) and the no-income statement (docs/product.md section 5).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { translate, type Language } from '#server/i18n/messages.ts';

export interface CertificationInput {
  language: Language;
  applicationId: number;
  applicantName: string;
  programName: string;
  period: string;
  date: Date;
  /** What the form certifies, one line each (the certification form lists the application's steps and documents). */
  summary?: readonly string[];
}

/** The program serves Puerto Rico: dates are the island's calendar day. */
const TIME_ZONE = 'America/Puerto_Rico';

export const formatDate = (date: Date, language: Language): string =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', { dateStyle: 'long', timeZone: TIME_ZONE }).format(date);

/** Standard PDF fonts only encode WinAnsi: anything else (e.g. emoji in a name) becomes '?' instead of failing. */
function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    [...text.normalize('NFC')].map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export const renderCertification = (input: CertificationInput): Promise<Uint8Array> => renderSignedForm('pdf.certification', input);

/** The statement of a person with no income (step 4), with the same layout as the certification form. */
export const renderNoIncomeForm = (input: CertificationInput): Promise<Uint8Array> => renderSignedForm('pdf.noIncome', input);

/** One form to sign: the messages under `prefix` (title, statement, instructions...) with the applicant's facts. */
async function renderSignedForm(prefix: 'pdf.certification' | 'pdf.noIncome', input: CertificationInput): Promise<Uint8Array> {
  const t = (id: string, params?: Record<string, string | number>) => translate(input.language, `${prefix}.${id}`, params);
  const doc = await PDFDocument.create();
  doc.setTitle(t('title'));
  doc.setLanguage(input.language === 'es' ? 'es-PR' : 'en-US');
  doc.setCreator(translate(input.language, 'app.shortName'));
  doc.setProducer(translate(input.language, 'app.shortName'));
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);

  const page: PDFPage = doc.addPage([612, 792]); // US Letter
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = encodable(regular);
  const margin = 72;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;
  const write = (text: string, options: { size?: number; font?: PDFFont; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    for (const line of wrap(clean(text), font, size, width)) {
      page.drawText(line, { x: margin, y, size, font, color: rgb(0, 0, 0) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 6;
  };

  write(translate(input.language, 'app.shortName'), { size: 10, gap: 4 });
  write(t('title'), { size: 18, font: bold, gap: 18 });
  write(t('applicant', { name: input.applicantName }));
  write(t('program', { program: input.programName, period: input.period }));
  write(t('application', { id: input.applicationId }));
  write(t('date', { date: formatDate(input.date, input.language) }), { gap: 18 });
  if (input.summary && input.summary.length > 0) {
    write(translate(input.language, 'pdf.certification.summary'), { font: bold, gap: 2 });
    for (const line of input.summary) write(line, { size: 10, gap: 1 });
    y -= 12;
  }
  write(t('statement'), { gap: 48 });

  const line = (x: number, length: number) =>
    page.drawLine({ start: { x, y }, end: { x: x + length, y }, thickness: 0.8, color: rgb(0, 0, 0) });
  line(margin, 260);
  line(margin + 300, 168);
  y -= 14;
  page.drawText(clean(t('signature')), { x: margin, y, size: 9, font: regular });
  page.drawText(clean(t('signatureDate')), { x: margin + 300, y, size: 9, font: regular });
  y -= 48;
  write(t('instructions'), { size: 10 });

  return doc.save();
}
