// The link to the terms and privacy page beside an "I accept the conditions" checkbox (its hint). It opens a new
// tab, and says so, because following it in the same tab would leave the form half filled
// (docs/decisions/017-account-dead-ends.md).
import { FormattedMessage } from 'react-intl';
import { linkClass } from '#components/ui/Button';
import { paths } from '#lib/paths';

export function TermsLink() {
  return (
    <a href={paths.terms} target="_blank" rel="noopener" className={`${linkClass} inline-block py-1`}>
      <FormattedMessage id="terms.link.read" />
    </a>
  );
}
