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
export function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    [...text.normalize('NFC')].map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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

export const renderCertification = async (input: CertificationInput): Promise<Uint8Array> =>
  (await renderSignedForm('pdf.certification', input)).pdf;

/** The statement of a person with no income (step 4), with the same layout as the certification form. */
export const renderNoIncomeForm = async (input: CertificationInput): Promise<Uint8Array> => (await renderSignedForm('pdf.noIncome', input)).pdf;

/** Where a form's signature lines are (PDF points from the page's bottom left): a signature on screen is stamped there. */
export interface SignatureLines {
  /** The baseline of both lines. */
  y: number;
  signature: { x: number; width: number };
  date: { x: number; width: number };
}

export type SignedFormPrefix = 'pdf.certification' | 'pdf.noIncome';

/** A form rendered for signing on screen: its bytes as presented and where its signature lines are. */
export const renderFormToSign = (prefix: SignedFormPrefix, input: CertificationInput) => renderSignedForm(prefix, input);

/** A line of the form before it is laid out: its text, size and font, and the space after it. */
interface Block {
  text: string;
  size: number;
  bold?: boolean;
  gap: number;
  /** Part of the summary: the one part that may be shortened to keep the form on one page. */
  summary?: boolean;
}

const PAGE = { width: 612, height: 792, margin: 72 } as const; // US Letter, one-inch margins
/** The signature lines and their captions, between the statement and the instructions. */
const SIGNATURE_HEIGHT = 62;
/** Font scales tried, largest first, before the summary is shortened: the form is always ONE page (a signed page). */
const SCALES = [1, 0.92, 0.84, 0.76] as const;

/** One form to sign: the messages under `prefix` (title, statement, instructions...) with the applicant's facts. */
async function renderSignedForm(prefix: SignedFormPrefix, input: CertificationInput): Promise<{ pdf: Uint8Array; lines: SignatureLines }> {
  const t = (id: string, params?: Record<string, string | number>) => translate(input.language, `${prefix}.${id}`, params);
  const doc = await PDFDocument.create();
  doc.setTitle(t('title'));
  doc.setLanguage(input.language === 'es' ? 'es-PR' : 'en-US');
  doc.setCreator(translate(input.language, 'app.shortName'));
  doc.setProducer(translate(input.language, 'app.shortName'));
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);

  const page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = encodable(regular);
  const width = PAGE.width - 2 * PAGE.margin;

  const head: Block[] = [
    { text: translate(input.language, 'app.shortName'), size: 10, gap: 4 },
    { text: t('title'), size: 18, bold: true, gap: 18 },
    { text: t('applicant', { name: input.applicantName }), size: 11, gap: 6 },
    { text: t('program', { program: input.programName, period: input.period }), size: 11, gap: 6 },
    { text: t('application', { id: input.applicationId }), size: 11, gap: 6 },
    { text: t('date', { date: formatDate(input.date, input.language) }), size: 11, gap: 18 },
  ];
  const summary = input.summary ?? [];
  const statement: Block = { text: t('statement'), size: 11, gap: 48 };
  const instructions: Block = { text: t('instructions'), size: 10, gap: 6 };

  const linesOf = (block: Block, scale: number) => wrap(clean(block.text), block.bold ? bold : regular, block.size * scale, width);
  const heightOf = (blocks: readonly Block[], scale: number) =>
    blocks.reduce((sum, block) => sum + linesOf(block, scale).length * block.size * scale * 1.45 + block.gap * scale, 0);
  const summaryBlocks = (lines: readonly string[], more: number): Block[] =>
    lines.length === 0
      ? []
      : [
          { text: translate(input.language, 'pdf.certification.summary'), size: 11, bold: true, gap: 2 },
          ...lines.map((text) => ({ text, size: 10, gap: 1, summary: true })),
          ...(more > 0 ? [{ text: translate(input.language, 'pdf.certification.summaryMore', { count: more }), size: 10, gap: 1 }] : []),
          { text: '', size: 0, gap: 12 },
        ];
  const available = PAGE.height - 2 * PAGE.margin - SIGNATURE_HEIGHT;
  const fits = (blocks: readonly Block[], scale: number) => heightOf([...head, ...blocks, statement, instructions], scale) <= available;

  // The largest scale at which the whole summary fits; else the smallest scale with as many summary lines as fit,
  // and a line that says how many more the application holds (a form to sign is one page: docs/decisions/021).
  let scale: number = SCALES[SCALES.length - 1] ?? 1;
  let middle = summaryBlocks(summary, 0);
  const whole = SCALES.find((candidate) => fits(middle, candidate));
  if (whole === undefined) {
    let kept = summary.length;
    while (kept > 0 && !fits(summaryBlocks(summary.slice(0, kept), summary.length - kept), scale)) kept -= 1;
    middle = summaryBlocks(summary.slice(0, kept), summary.length - kept);
  } else scale = whole;

  let y = PAGE.height - PAGE.margin;
  const write = (block: Block) => {
    const size = block.size * scale;
    const font = block.bold ? bold : regular;
    for (const line of linesOf(block, scale)) {
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0, 0, 0) });
      y -= size * 1.45;
    }
    y -= block.gap * scale;
  };
  [...head, ...middle, statement].forEach(write);

  const line = (x: number, length: number) =>
    page.drawLine({ start: { x, y }, end: { x: x + length, y }, thickness: 0.8, color: rgb(0, 0, 0) });
  line(PAGE.margin, 260);
  line(PAGE.margin + 300, 168);
  const lines: SignatureLines = { y, signature: { x: PAGE.margin, width: 260 }, date: { x: PAGE.margin + 300, width: 168 } };
  y -= 14;
  page.drawText(clean(t('signature')), { x: PAGE.margin, y, size: 9, font: regular });
  page.drawText(clean(t('signatureDate')), { x: PAGE.margin + 300, y, size: 9, font: regular });
  y -= SIGNATURE_HEIGHT - 14;
  write(instructions);

  return { pdf: await doc.save(), lines };
}
