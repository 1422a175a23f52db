// A PDF that readers open but whose cross-reference table is missing or wrong (scanner apps write such files), written
// again whole by pdf-lib, which finds the objects without the table (docs/decisions/054-photos-are-documents.md).
import { PDFArray, PDFDict, PDFDocument, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/** Every object reachable from the catalog resolves: nothing a page needs is missing (as in a file cut short). */
function whole(document: PDFDocument): boolean {
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = [document.catalog];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object === undefined || seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFRef) {
      const target = document.context.lookup(object);
      if (target === undefined) return false;
      pending.push(target);
    } else if (object instanceof PDFDict) pending.push(...object.values());
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFStream) pending.push(object.dict);
  }
  return true;
}

/**
 * The same document with a correct cross-reference table, or undefined when it is no whole document: it must end
 * with `%%EOF` (written to the end, not cut short), have a page, and every object its pages reach must be there.
 */
export async function repairedPdf(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  if (!/%%EOF\s*$/.test(Buffer.from(bytes.subarray(-1024)).toString('latin1'))) return undefined;
  try {
    // Encrypted files are not repaired (pdf-lib cannot write them back): they stay refused as damaged.
    const document = await PDFDocument.load(bytes, { throwOnInvalidObject: false, updateMetadata: false });
    if (document.getPageCount() < 1 || !whole(document)) return undefined;
    return await document.save({ useObjectStreams: false });
  } catch {
    return undefined;
  }
}
