// Reads back the text of the PDFs the server generates (certification and no-income forms), for the tests.
import { inflateSync } from 'node:zlib';

export /** The text a PDF shows: pdf-lib writes each line as a hex string of WinAnsi bytes in a deflated content stream. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // The end of line before `endstream` is taken with the data and dropped only if the data does not inflate with it:
  // deflated bytes may themselves end in a carriage return.
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => m[1] ?? '');
  const inflated = (data: string): string | undefined => {
    try {
      return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      return undefined;
    }
  };
  const content = streams.map((s) => inflated(s.replace(/\r?\n$/, '')) ?? inflated(s.replace(/\n$/, '')) ?? inflated(s) ?? '').join('\n');
  return [...content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1')).join('\n');
}
