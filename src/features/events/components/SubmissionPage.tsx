// /submission/:id: the public registration page of an interest form or event (content not built yet).
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '#components/ui/PlaceholderPage';

export function SubmissionPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={<FormattedMessage id="events.registration.title" />}>
      <p className="text-gray-800">
        <FormattedMessage id="events.registration.reference" values={{ id }} />
      </p>
    </PlaceholderPage>
  );
}
