// /profile: the signed-in person's information (GET /me) on its forms: the Person fields, the SSN last 4, the
// sign-in e-mail (POST /me/email), the password (POST /me/password) and reminder e-mails (/me/reminders); and a link
// to the second factor (/profile/second-factor); and the signed-in devices (/me/sessions).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, linkClass } from '#components/ui/Button';
import { paths } from '#lib/paths';
import { PageHeading } from '#components/ui/PageHeading';
import { SignedInOnly } from '#components/session/SignedInOnly';
import { meQueryOptions, type Person } from '#features/profile/api/me';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { PersonForm } from './PersonForm';
import { RemindersForm } from './RemindersForm';
import { SessionsSection } from './SessionsSection';
import { SsnForm } from './SsnForm';

/** The Person fields alone: saving the SSN must not restart the other form and drop what is being typed. */
function personKey(person: Person): string {
  const { ssn_last4_masked: _masked, ...fields } = person;
  return JSON.stringify(fields);
}

export function ProfilePage() {
  // The query lives below the guard so that nothing asks for /me once the person has signed out.
  return (
    <SignedInOnly>
      <ProfileContent />
    </SignedInOnly>
  );
}

function ProfileContent() {
  // Opening the profile always reads it again: the header's language rule may have cached it minutes ago, and the
  // form must start from what is stored now (another device may have changed it).
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  // A save remounts PersonForm; a person who saved from the form (keyboard included) keeps their place in it.
  const [restorePersonFocus, setRestorePersonFocus] = useState(false);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeading>
        <FormattedMessage id="profile.page.title" />
      </PageHeading>
      {me.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="profile.page.loading" />
        </p>
      ) : me.isError ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4">
          <p>
            <FormattedMessage id="profile.page.loadError" />
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void me.refetch()}>
            <FormattedMessage id="profile.page.retry" />
          </Button>
        </div>
      ) : (
        <>
          {/* Keyed by the saved data so the uncontrolled fields restart from the server's values after a save. */}
          <PersonForm
            key={personKey(me.data)}
            person={me.data}
            restoreFocus={restorePersonFocus}
            onSaved={setRestorePersonFocus}
          />
          <SsnForm masked={me.data.ssn_last4_masked} />
          <EmailForm current={me.data.email} />
          <PasswordForm />
          <section aria-labelledby="profile-second-factor" className="space-y-3 rounded-md border border-gray-300 p-4 sm:p-6">
            <h2 id="profile-second-factor" className="text-2xl font-bold text-gray-900">
              <FormattedMessage id="profile.secondFactor.title" />
            </h2>
            <p className="text-gray-800">
              <FormattedMessage id="profile.secondFactor.profileIntro" />
            </p>
            <Link to={paths.secondFactor} className={linkClass}>
              <FormattedMessage id="profile.secondFactor.manage" />
            </Link>
          </section>
          <RemindersForm />
          <SessionsSection />
        </>
      )}
    </div>
  );
}
