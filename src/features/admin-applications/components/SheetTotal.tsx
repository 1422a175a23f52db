// One reviewer's total, as the scoring panel and the printed record show it (docs/decisions/037-rubric-versions.md):
// the rubric version is named where it matters, when the sheet was given under another version than the current one.
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { ApplicationScores } from '#features/admin-applications/api/scoring';

type Sheet = ApplicationScores['sheets'][number];

const personName = (person: { first_name: string; last_name: string; email: string }) => `${person.first_name} ${person.last_name}`.trim() || person.email;

export function SheetTotal({ sheet, currentVersion }: { sheet: Sheet; currentVersion: number }) {
  const values = { name: personName(sheet.reviewer), total: <FormattedNumber value={sheet.total} maximumFractionDigits={1} /> };
  return sheet.rubric_version === currentVersion ? (
    <FormattedMessage id="admin.scoring.sheet" values={values} />
  ) : (
    <FormattedMessage id="admin.scoring.sheetVersion" values={{ ...values, version: sheet.rubric_version }} />
  );
}
