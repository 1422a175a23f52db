// The kinds of file a program drive takes (docs/decisions/019-program-drive.md): PDF, images, office documents and
// plain text, named by their extension and checked by their first bytes where that is cheap, as the PDF checks are.
import { extname } from 'node:path';
import type { TempFile } from '#server/files/storage.ts';
import { DRIVE_EXTENSIONS } from '#shared/drive-constants.ts';
import { photoKindOf } from '#server/files/photos.ts';

const ZIP = [Buffer.from('PK\u0003\u0004', 'latin1')];
const OLE = [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])];

interface DriveFileType {
  contentType: string;
  /** Any of these must start the file; `text` files must hold no NUL byte in their first KBs instead. */
  magic: Buffer[] | 'text' | 'webp' | 'heif';
  /** A photo of a document: stored as the PDF made of it (docs/decisions/054-photos-are-documents.md). */
  photo?: true;
}

/** By lower-case extension. The content type stored and served is ours, never the one the browser sent. */
export const DRIVE_FILE_TYPES: Readonly<Record<string, DriveFileType>> = {
  '.pdf': { contentType: 'application/pdf', magic: [Buffer.from('%PDF-')] },
  '.png': { contentType: 'image/png', magic: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], photo: true },
  '.jpg': { contentType: 'image/jpeg', magic: [Buffer.from([0xff, 0xd8, 0xff])], photo: true },
  '.jpeg': { contentType: 'image/jpeg', magic: [Buffer.from([0xff, 0xd8, 0xff])], photo: true },
  '.heic': { contentType: 'image/heic', magic: 'heif', photo: true },
  '.heif': { contentType: 'image/heif', magic: 'heif', photo: true },
  '.gif': { contentType: 'image/gif', magic: [Buffer.from('GIF87a'), Buffer.from('GIF89a')] },
  '.webp': { contentType: 'image/webp', magic: 'webp' },
  '.docx': { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: ZIP },
  '.xlsx': { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  '.pptx': { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: ZIP },
  '.odt': { contentType: 'application/vnd.oasis.opendocument.text', magic: ZIP },
  '.ods': { contentType: 'application/vnd.oasis.opendocument.spreadsheet', magic: ZIP },
  '.odp': { contentType: 'application/vnd.oasis.opendocument.presentation', magic: ZIP },
  '.doc': { contentType: 'application/msword', magic: OLE },
  '.xls': { contentType: 'application/vnd.ms-excel', magic: OLE },
  '.ppt': { contentType: 'application/vnd.ms-powerpoint', magic: OLE },
  '.txt': { contentType: 'text/plain; charset=utf-8', magic: 'text' },
  '.csv': { contentType: 'text/csv; charset=utf-8', magic: 'text' },
};

const TEXT_SAMPLE_BYTES = 8192;

/** The type a file name announces, if the drive takes it (shared/drive-constants.ts lists the same extensions). */
export const announcedType = (fileName: string): DriveFileType | undefined => {
  const extension = extname(fileName).toLowerCase();
  return DRIVE_EXTENSIONS.includes(extension) ? DRIVE_FILE_TYPES[extension] : undefined;
};

/** Whether the stored bytes are what the name announces (an empty file is no document of any kind). */
export async function contentMatches(type: DriveFileType, temp: TempFile): Promise<boolean> {
  if (temp.size === 0) return false;
  if (type.magic === 'text') return !(await temp.readRange(0, TEXT_SAMPLE_BYTES)).includes(0);
  if (type.magic === 'heif') return photoKindOf(temp.head) === 'heic';
  if (type.magic === 'webp') return temp.head.subarray(0, 4).toString('latin1') === 'RIFF' && temp.head.subarray(8, 12).toString('latin1') === 'WEBP';
  return type.magic.some((magic) => temp.head.subarray(0, magic.length).equals(magic));
}
