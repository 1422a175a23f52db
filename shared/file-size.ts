// A file's size as people read it, shared by the upload fields (src/components/upload/upload-messages.ts) and the
// applicant's copy the server writes (server/applications/applicant-copy.ts).

/**
 * "240 kB" / "3.4 MB", in the interface language. Nothing is "0 kB" but nothing at all: an empty drive reads "0 kB"
 * (staff once read "no files (1 kB)"), while a file of a few bytes reads "1 kB", so a file never looks empty.
 */
export function fileSizeText(locale: string, bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(mb);
  const kb = bytes <= 0 ? 0 : Math.max(1, Math.round(bytes / 1024));
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte' }).format(kb);
}
