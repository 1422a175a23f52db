// The news screens' answer to a failed load: what happened and a retry.
import { FormattedMessage } from 'react-intl';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';

export function NewsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert kind="error" role="alert">
      <p>
        <FormattedMessage id="panel.news.loadError" />
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <FormattedMessage id="programs.list.retry" />
      </Button>
    </Alert>
  );
}
