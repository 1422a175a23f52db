// /admin/applications/:rid/print: the whole application as one document to print, in Spanish or English whatever
// the interface's language (the file of an applicant may go to a reader of either). The controls (language, print,
// back) stay on screen only; print CSS (src/app/styles.css, under [data-print-document]) leaves the document alone,
// black on white, each part from a new page. After the four pages, the review's record: the document checklist's
// verdicts (with reasons) and the scores (each reviewer's total and the average), for staff only.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Button } from '#components/ui/Button';
import { SelectField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { defaultLocale, isLocale, loadCatalog, messagesFor, type Locale } from '#lib/locale';
import { CATALOG_PARTS } from '#shared/catalog-parts';
import { adminApplicationQueryOptions } from '#features/admin-applications/api/applications';
import { scoresQueryOptions } from '#features/admin-applications/api/scoring';
import { messages, REVIEW_PAGES } from '#features/admin-applications/messages';
import { ApplicationFacts, applicantName } from './ApplicationFacts';
import { PrintChecklist, PrintHistory, PrintScores } from './PrintReview';
import { applicationMailQueryOptions, wholeAuditQueryOptions } from '#components/admin/record-history';
import { ReviewContent } from './ReviewSections';

/** The other language's catalog, every part, loaded once (the interface's own is already there). */
const catalogQuery = (locale: Locale) => ({
  queryKey: ['locale-catalog', locale] as const,
  queryFn: async () => {
    await loadCatalog(locale, CATALOG_PARTS);
    return messagesFor(locale);
  },
  staleTime: Infinity,
});

export function PrintPage() {
  const intl = useIntl();
  const id = Number(useParams().rid);
  const valid = Number.isInteger(id) && id > 0;
  const [language, setLanguage] = useState<Locale>(isLocale(intl.locale) ? intl.locale : defaultLocale);
  const application = useQuery({ ...adminApplicationQueryOptions(id), enabled: valid });
  const catalog = useQuery(catalogQuery(language));
  const scores = useQuery({ ...scoresQueryOptions(id), enabled: valid });
  const history = useQuery({ ...wholeAuditQueryOptions('application', id), enabled: valid });
  const mails = useQuery({ ...applicationMailQueryOptions(id), enabled: valid });
  // The scores and the history are part of the record: printing waits for them (if they cannot be read, it says so).
  const historyRead = (history.data && mails.data) || history.isError || mails.isError;
  const ready = application.data && catalog.data && (scores.data || scores.isError) && historyRead;

  const controls: ReactNode = (
    <div data-print-hide className="space-y-4">
      <Link to={`/admin/applications/${valid ? id : ''}/1`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
        <FormattedMessage id="admin.print.back" />
      </Link>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-xs">
          <SelectField
            id="print-language"
            name="language"
            value={language}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isLocale(next)) setLanguage(next);
            }}
            label={<FormattedMessage {...messages.printLanguage} />}
            options={[
              { value: 'es', label: intl.formatMessage(messages.languageEs) },
              { value: 'en', label: intl.formatMessage(messages.languageEn) },
            ]}
          />
        </div>
        <Button disabled={!ready} onClick={() => window.print()}>
          <FormattedMessage id="admin.print.printButton" />
        </Button>
      </div>
    </div>
  );

  if (!application.data || !catalog.data || !(scores.data || scores.isError) || !historyRead) {
    const missing = application.isError || !valid;
    return (
      <div className="space-y-8">
        <PageHeading>
          <FormattedMessage {...(missing ? messages.notFound : messages.reviewTitle)} />
        </PageHeading>
        {missing ? null : (
          <p role="status">
            {application.data ? <FormattedMessage id="admin.print.loading" /> : <FormattedMessage id="app.loading" />}
          </p>
        )}
        {controls}
      </div>
    );
  }
  const record = application.data;
  return (
    <div className="space-y-8">
      {controls}
      <IntlProvider locale={language} defaultLocale={defaultLocale} messages={catalog.data}>
        <article data-print-document lang={language} className="print-document space-y-10">
          <div className="space-y-4">
            <PageHeading className="break-words">
              <FormattedMessage id="admin.review.heading" values={{ id: record.id, name: applicantName(record) }} />
            </PageHeading>
            <PrintedOn />
            <ApplicationFacts application={record} />
          </div>
          {REVIEW_PAGES.map((page) => (
            <div key={page} className="space-y-10 print:break-before-page">
              <ReviewContent application={record} page={page} mode="print" />
            </div>
          ))}
          <div className="space-y-10 print:break-before-page">
            <PrintChecklist documents={record.documents} />
            <PrintScores scores={scores.data} />
          </div>
          <div className="space-y-10 print:break-before-page">
            {history.data && mails.data ? (
              <PrintHistory application={record} entries={history.data} mails={mails.data.results} />
            ) : (
              <p>
                <FormattedMessage id="auth.error.tryAgainLater" />
              </p>
            )}
          </div>
        </article>
      </IntlProvider>
    </div>
  );
}

function PrintedOn() {
  const intl = useIntl();
  return (
    <p className="text-gray-800">
      <FormattedMessage id="admin.print.printed" values={{ date: intl.formatDate(new Date(), { dateStyle: 'long' }) }} />
    </p>
  );
}
