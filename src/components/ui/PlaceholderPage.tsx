// A screen whose content is not built yet: its heading and a short notice, so routes, titles and focus work.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from './PageHeading';

export function PlaceholderPage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-4">
      <PageHeading>{title}</PageHeading>
      {children}
      <p className="rounded-md border-l-8 border-blue-800 bg-blue-50 p-4 text-gray-900">
        <FormattedMessage id="ui.placeholder.body" />
      </p>
    </div>
  );
}
