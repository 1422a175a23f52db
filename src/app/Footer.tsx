// The footer of every page: funding and accessibility statements, and the links a person may need anywhere
// (the terms and privacy page, docs/decisions/017-account-dead-ends.md).
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { linkClass } from '#components/ui/Button';
import { paths } from '#lib/paths';

export function Footer() {
  return (
    <footer className="border-t-2 border-gray-200 bg-gray-50">
      <div className="mx-auto max-w-6xl space-y-1 px-4 py-6 text-sm text-gray-800">
        <p>
          <FormattedMessage id="app.footer.funding" />
        </p>
        <p>
          <FormattedMessage id="app.footer.accessibility" />
        </p>
        <nav aria-labelledby="footer-nav-title" className="pt-2">
          <h2 id="footer-nav-title" className="sr-only">
            <FormattedMessage id="app.footer.navTitle" />
          </h2>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={paths.terms} className={`${linkClass} inline-block py-1`}>
                <FormattedMessage id="app.footer.terms" />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
