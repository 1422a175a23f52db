// The landing page's interest block: the open interest form's registration, in place (the same form and machine as
// /submission/:id). When no interest form is open it says so. Light on purpose: the form's captcha loads on focus.
// The prerendered landing page already shows the real state: the server picks the file drawn for it and writes the
// form's data beside it (docs/decisions/048-the-applicants-copy.md, "Fault 7").
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { interestFormQueryOptions } from '#api/events';
import { useLocale } from '#lib/locale';
import { RegistrationForm } from './RegistrationForm';

export function InterestBlock() {
  const locale = useLocale();
  const form = useQuery(interestFormQueryOptions());
  return (
    <section aria-labelledby="home-interest" className="space-y-4 rounded-lg bg-amber-50 p-6 sm:p-8">
      <h2 id="home-interest" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="home.interest.title" />
      </h2>
      {form.isPending ? (
        <p className="max-w-2xl text-gray-900">
          <FormattedMessage id="app.loading" />
        </p>
      ) : form.data?.available ? (
        <div className="max-w-2xl space-y-4">
          <p className="text-gray-900">{form.data.description[locale] || <FormattedMessage id="home.interest.open" />}</p>
          <RegistrationForm event={form.data} idPrefix="interest" />
        </div>
      ) : (
        <p className="max-w-2xl text-gray-900">
          <FormattedMessage id="home.interest.closed" />
        </p>
      )}
    </section>
  );
}
