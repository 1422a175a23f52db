// The landing page's interest block: the open interest form's registration, in place (the same form and machine as
// /submission/:id). When no interest form is open it says so. Light on purpose: the form's captcha loads on focus.
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
          <FormattedMessage id="home.interest.body" />
        </p>
      ) : form.data?.available ? (
        <div className="max-w-2xl space-y-4">
          <p className="text-gray-900">{form.data.description[locale] || <FormattedMessage id="home.interest.body" />}</p>
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
