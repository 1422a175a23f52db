// The kinds of file a program drive takes, by extension (docs/decisions/019-program-drive.md): the browser refuses
// others before sending a byte; the server (server/drive/file-types.ts) checks the same list and the bytes.
export const DRIVE_EXTENSIONS: readonly string[] = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
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
