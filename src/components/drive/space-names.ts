// The names of a drive's two spaces as an applicant reads them (staff name an applicant's space by the person).
import { defineMessages } from 'react-intl';
import type { DriveSpace } from '#machines/drive/drive.types';

export const spaceNames = defineMessages<DriveSpace>({
  personal: { id: 'drive.space.personal' },
  shared: { id: 'drive.space.shared' },
});
