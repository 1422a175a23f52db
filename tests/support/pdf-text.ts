// Reads back the text of the PDFs the server generates (certification and no-income forms), for the tests.
import { inflateSync } from 'node:zlib';

export /** The text a PDF shows: pdf-lib writes each line as a hex string of WinAnsi bytes in a deflated content stream. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => m[1] ?? '');
  const content = streams
    .map((s) => {
      try {
        return inflateSync(Buffer.from(s, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
  return [...content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1')).join('\n');
}
