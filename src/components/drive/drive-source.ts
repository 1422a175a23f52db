// Where the drive's shared views (src/components/drive) read from: the applicant's drive (/programs/{id}/drive) or
// staff's (/admin/programs/{id}/drive, whose calls live in the admin chunk). A screen provides one with
// DriveSourceContext; the views read folders and download files through it, and never name an API path.
import { createContext, useContext } from 'react';
import type { components } from '#api/schema';
import type { DriveLocation } from '#machines/drive/drive.types';

type DriveFolderPage = components['schemas']['DriveFolderPage'];

export interface DriveSource {
  /** One folder's listing (its first page) as a react-query query. */
  folder: (
    programId: number,
    location: DriveLocation,
  ) => { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<DriveFolderPage> };
  /** A file saved under its name (fetched with the bearer token). */
  download: (programId: number, nodeId: number, fallbackName: string) => Promise<void>;
}

export const DriveSourceContext = createContext<DriveSource | null>(null);

export function useDriveSource(): DriveSource {
  const source = useContext(DriveSourceContext);
  if (!source) throw new Error('a drive view outside a DriveSourceContext');
  return source;
}
