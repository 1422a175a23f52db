// Pages for an unknown address and for a route that failed (a lazy chunk that did not load after a deploy).
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { linkClass } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { paths } from '#lib/paths';

export function NotFoundPage() {
  return (
    <div className="space-y-4">
      <PageHeading>
        <FormattedMessage id="app.notFound.title" />
      </PageHeading>
      <p className="text-gray-800">
        <FormattedMessage id="app.notFound.body" />
      </p>
      <p>
        <Link to={paths.home} className={linkClass}>
          <FormattedMessage id="app.notFound.home" />
        </Link>
      </p>
    </div>
  );
}

export function RouteErrorPage() {
  return (
    <div className="space-y-4" role="alert">
      <PageHeading>
        <FormattedMessage id="app.error.title" />
      </PageHeading>
      <p className="text-gray-800">
        <FormattedMessage id="app.error.body" />
      </p>
      <p>
        {/* A full reload fetches the current build's files, which is what a failed chunk needs. */}
        <a href={paths.home} className={linkClass}>
          <FormattedMessage id="app.notFound.home" />
        </a>
      </p>
    </div>
  );
}
