// The kinds of file a program drive takes, by extension (docs/decisions/019-program-drive.md): the browser refuses
// others before sending a byte; the server (server/drive/file-types.ts) checks the same list and the bytes.
export const DRIVE_EXTENSIONS: readonly string[] = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.heic',
  '.heif',
  '.gif',
  '.webp',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.doc',
  '.xls',
  '.ppt',
  '.txt',
  '.csv',
];

/** For the file input's `accept`: what the chooser offers first (people can still pick another file). */
export const DRIVE_ACCEPT = DRIVE_EXTENSIONS.join(',');

/** The extension of a file name as the drive reads it ('.pdf'), or '' when it has none it takes. */
export function driveExtensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return DRIVE_EXTENSIONS.includes(extension) ? extension : '';
}

/**
 * A file's new name keeps its extension: "licencia renombrada" for "licencia.pdf" is saved as "licencia renombrada.pdf"
 * (a file without its extension no longer opens, and the drive knows a file's type by it). A name that already ends
 * with it (any case) is kept as typed; `maxLength` trims the part before the extension, never the extension.
 */
export function renamedFileName(current: string, typed: string, maxLength: number): string {
  const extension = driveExtensionOf(current);
  if (extension === '' || typed.toLowerCase().endsWith(extension)) return typed;
  return `${typed.slice(0, maxLength - extension.length).trimEnd()}${extension}`;
}
