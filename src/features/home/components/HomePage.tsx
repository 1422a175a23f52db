// `/`: the landing page (docs/product.md section 1): hero, the program, its four sub-programs, who we are, and the
// interest-registration block (the open interest form, src/features/events).
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { selectIsSignedIn, selectIsStaff } from '#machines/session/session.selectors';
import { ButtonLink } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { homeFor, paths } from '#lib/paths';
import { useSession } from '#lib/use-session';

const messages = defineMessages({
  studentsTitle: { id: 'home.subprograms.students.title' },
  studentsBody: { id: 'home.subprograms.students.body' },
  preIncubatorTitle: { id: 'home.subprograms.preIncubator.title' },
  preIncubatorBody: { id: 'home.subprograms.preIncubator.body' },
  incubatorTitle: { id: 'home.subprograms.incubator.title' },
  incubatorBody: { id: 'home.subprograms.incubator.body' },
  acceleratorTitle: { id: 'home.subprograms.accelerator.title' },
  acceleratorBody: { id: 'home.subprograms.accelerator.body' },
});

/** The four sub-programs, in docs/product.md order. */
const subPrograms = [
  { key: 'students', title: messages.studentsTitle, body: messages.studentsBody },
  { key: 'preIncubator', title: messages.preIncubatorTitle, body: messages.preIncubatorBody },
  { key: 'incubator', title: messages.incubatorTitle, body: messages.incubatorBody },
  { key: 'accelerator', title: messages.acceleratorTitle, body: messages.acceleratorBody },
] as const;

const sectionTitle = 'text-2xl font-bold text-gray-900';

/** `interestBlock`: the interest-registration section, composed in by the route table (src/app/AppRoutes.tsx). */
export function HomePage({ interestBlock }: { interestBlock?: ReactNode }) {
  const signedIn = useSession(selectIsSignedIn);
  const isStaff = useSession(selectIsStaff);
  return (
    <div className="space-y-12">
      <section className="-mx-4 bg-blue-900 px-4 py-10 text-white sm:mx-0 sm:rounded-lg sm:px-10 sm:py-14">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-100">
          <FormattedMessage id="home.hero.eyebrow" />
        </p>
        <PageHeading inverse className="mt-2 sm:text-4xl">
          <FormattedMessage id="home.hero.title" />
        </PageHeading>
        <p className="mt-4 max-w-2xl text-lg text-blue-50">
          <FormattedMessage id="home.hero.lead" />
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {signedIn ? (
            <ButtonLink to={homeFor(isStaff)} variant="secondary">
              <FormattedMessage id="home.hero.goToPanel" />
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to={paths.createAccount} variant="secondary">
                <FormattedMessage id="home.hero.createAccount" />
              </ButtonLink>
              <ButtonLink to={paths.login} className="border-2 border-white bg-transparent hover:bg-blue-950">
                <FormattedMessage id="home.hero.signIn" />
              </ButtonLink>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="home-program" className="max-w-3xl space-y-3">
        <h2 id="home-program" className={sectionTitle}>
          <FormattedMessage id="home.program.title" />
        </h2>
        <p className="text-gray-800">
          <FormattedMessage id="home.program.body" />
        </p>
        <p className="text-gray-800">
          <FormattedMessage id="home.program.steps" />
        </p>
      </section>

      <section aria-labelledby="home-subprograms" className="space-y-4">
        <h2 id="home-subprograms" className={sectionTitle}>
          <FormattedMessage id="home.subprograms.title" />
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {subPrograms.map((program, index) => (
            <li key={program.key} className="rounded-lg border-2 border-gray-300 p-5">
              <p className="text-sm font-semibold text-blue-800" aria-hidden="true">
                {index + 1}
              </p>
              <h3 className="text-lg font-bold text-gray-900">
                <FormattedMessage {...program.title} />
              </h3>
              <p className="mt-2 text-gray-800">
                <FormattedMessage {...program.body} />
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="home-company" className="max-w-3xl space-y-3">
        <h2 id="home-company" className={sectionTitle}>
          <FormattedMessage id="home.company.title" />
        </h2>
        <p className="text-gray-800">
          <FormattedMessage id="home.company.body" />
        </p>
      </section>

      {interestBlock}
    </div>
  );
}
