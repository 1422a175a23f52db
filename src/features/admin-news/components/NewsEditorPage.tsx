// /admin/news/:id (and /admin/news/new): one news item for staff: titles and Markdown texts in both languages with a
// live preview rendered as applicants will read it, then save, publish or take back to a draft, and delete (confirmed
// in a dialog). Every action runs on the admin-action machine; the server's field errors show at the fields.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';
import { selectActionErrorBody, selectActionRequest, selectActionStatus, selectConfirmOpen, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { ErrorSummary } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { RecordHistory } from '#components/admin/RecordHistory';
import { TextAreaField } from '#components/ui/TextAreaField';
import { noErrors, toFormErrors } from '#lib/form-errors';
import { renderNewsMarkdown } from '#lib/news-markdown';
import type { Locale } from '#lib/locale';
import { newsQueryOptions, type AdminNews } from '#features/admin-news/api/news';
import { newsTitle } from '#features/admin-news/news-title';
import { providePageActor } from '#actors/page-actors';
import { provideNewsActionMachine } from '#actors/admin-action';

// The session's `newsAction` page actors run this machine; it loads with this screen (src/actors/page-actors.ts).
providePageActor('newsAction', provideNewsActionMachine);

const messages = defineMessages({
  titleEs: { id: 'admin.news.form.titleEs' },
  titleEn: { id: 'admin.news.form.titleEn' },
  bodyEs: { id: 'admin.news.form.bodyEs' },
  bodyEn: { id: 'admin.news.form.bodyEn' },
  actionFailed: { id: 'admin.events.actionFailed' },
  tryAgainLater: { id: 'auth.error.tryAgainLater' },
  confirmTitle: { id: 'admin.news.confirmDeleteTitle' },
  confirmBody: { id: 'admin.news.confirmDeleteBody' },
});

/** Typed as a plain descriptor: it takes the item's title. */
const CONFIRM_BODY: MessageDescriptor = messages.confirmBody;

const FIELDS = ['title_es', 'title_en', 'body_es', 'body_en'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

/** Prose styles of the rendered Markdown, as the applicants' article page shows it. */
const proseClass =
  'space-y-3 break-words text-gray-900 [&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold ' +
  '[&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6';

function Preview({ label, title, body, lang }: { label: string; title: string; body: string; lang: Locale }) {
  const html = useMemo(() => renderNewsMarkdown(body), [body]);
  return (
    <section className="space-y-2 rounded-md border-2 border-dashed border-gray-400 p-4" aria-label={label}>
      <p className="text-sm font-semibold uppercase text-gray-700">{label}</p>
      <div lang={lang} className="space-y-3">
        <p className="text-2xl font-bold">{title}</p>
        {/* Markdown rendered with raw HTML off and safe links only (src/lib/news-markdown.ts). */}
        <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </section>
  );
}

function Editor({ item }: { item: AdminNews | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const action = usePageActor('newsAction', item?.id ?? 'new', undefined);
  // A new item's page opens once it is created; a deleted one's page is left.
  usePageEvent(action, 'action.done', ({ outcome }) => {
    if (outcome.operationId === 'createAdminNews') void navigate(`/admin/news/${outcome.result.id}`, { replace: true });
    if (outcome.operationId === 'deleteAdminNews') void navigate('/admin/news');
  });
  const status = useSelector(action, selectActionStatus);
  const request = useSelector(action, selectActionRequest);
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const body = useSelector(action, selectActionErrorBody);
  const [draft, setDraft] = useState<Draft>({
    title_es: item?.title_es ?? '',
    title_en: item?.title_en ?? '',
    body_es: item?.body_es ?? '',
    body_en: item?.body_en ?? '',
  });
  const [attempt, setAttempt] = useState(0);
  const errors =
    status === 'refused' || status === 'failed' ? toFormErrors(body, FIELDS, intl.formatMessage(body === null ? messages.actionFailed : messages.tryAgainLater)) : noErrors;
  const set = (name: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [name]: value }));
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    action.send({
      type: 'action.request',
      request: { command: item ? { operationId: 'updateAdminNews', path: { id: item.id }, body: draft } : { operationId: 'createAdminNews', body: draft } },
      confirm: false,
    });
  };
  const shownTitle = newsTitle(draft, intl.locale) || intl.formatMessage({ id: 'admin.news.untitled' });

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Link to="/admin/news" className="font-semibold text-blue-800 underline">
          <FormattedMessage id="admin.news.back" />
        </Link>
        <PageHeading className="break-words">{item ? newsTitle(item, intl.locale) : <FormattedMessage id="admin.news.new" />}</PageHeading>
        <p>
          {item?.published_at ? (
            <FormattedMessage id="admin.news.publishedOn" values={{ date: <InstantText instant={item.published_at} /> }} />
          ) : (
            <FormattedMessage id="admin.news.draftNote" />
          )}
        </p>
      </div>

      <form noValidate onSubmit={save} className="space-y-4">
        <ErrorSummary
          key={attempt}
          id="news-errors"
          errors={status === 'refused' && (request?.command.operationId === 'updateAdminNews' || request?.command.operationId === 'createAdminNews') ? errors : status === 'failed' ? errors : noErrors}
          fields={{
            title_es: { id: 'news-title-es', label: messages.titleEs },
            title_en: { id: 'news-title-en', label: messages.titleEn },
            body_es: { id: 'news-body-es', label: messages.bodyEs },
            body_en: { id: 'news-body-en', label: messages.bodyEn },
          }}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <TextField id="news-title-es" lang="es" maxLength={200} value={draft.title_es} onChange={set('title_es')} label={<FormattedMessage {...messages.titleEs} />} hint={<FormattedMessage id="admin.news.form.titleHint" />} errors={errors.fields.title_es} />
            <TextAreaField id="news-body-es" lang="es" rows={10} maxLength={20000} value={draft.body_es} onChange={set('body_es')} label={<FormattedMessage {...messages.bodyEs} />} hint={<FormattedMessage id="admin.news.form.bodyHint" />} errors={errors.fields.body_es} />
          </div>
          <div className="space-y-4">
            <TextField id="news-title-en" lang="en" maxLength={200} value={draft.title_en} onChange={set('title_en')} label={<FormattedMessage {...messages.titleEn} />} hint={<FormattedMessage id="admin.news.form.titleHint" />} errors={errors.fields.title_en} />
            <TextAreaField id="news-body-en" lang="en" rows={10} maxLength={20000} value={draft.body_en} onChange={set('body_en')} label={<FormattedMessage {...messages.bodyEn} />} hint={<FormattedMessage id="admin.news.form.bodyHint" />} errors={errors.fields.body_en} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={working}>
            {item ? <FormattedMessage id="admin.news.form.save" /> : <FormattedMessage id="admin.news.form.create" />}
          </Button>
          {item ? (
            <Button
              id="news-publish"
              variant="secondary"
              disabled={working}
              onClick={() => action.send({ type: 'action.request', request: { command: { operationId: 'setAdminNewsPublished', path: { id: item.id }, body: { published: item.published_at === null } } }, confirm: false })}
            >
              {item.published_at === null ? <FormattedMessage id="admin.news.publish" /> : <FormattedMessage id="admin.news.unpublish" />}
            </Button>
          ) : null}
          {item ? (
            <Button id="news-delete" variant="danger" disabled={working} onClick={() => action.send({ type: 'action.request', request: { command: { operationId: 'deleteAdminNews', path: { id: item.id } } }, confirm: true })}>
              <FormattedMessage id="admin.news.delete" />
            </Button>
          ) : null}
          <span role="status">{working ? <FormattedMessage id="admin.news.form.saving" /> : null}</span>
        </div>
      </form>

      <section aria-labelledby="news-preview" className="space-y-4">
        <h2 id="news-preview" className="text-2xl font-bold">
          <FormattedMessage id="admin.news.preview" />
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <Preview label={intl.formatMessage({ id: 'admin.news.previewEs' })} title={draft.title_es || draft.title_en || shownTitle} body={draft.body_es || draft.body_en} lang="es" />
          <Preview label={intl.formatMessage({ id: 'admin.news.previewEn' })} title={draft.title_en || draft.title_es || shownTitle} body={draft.body_en || draft.body_es} lang="en" />
        </div>
      </section>

      {item ? <RecordHistory recordType="news" recordId={item.id} /> : null}

      {item ? (
        <ConfirmDialog
          open={confirmOpen}
          title={intl.formatMessage(messages.confirmTitle)}
          body={intl.formatMessage(CONFIRM_BODY, { title: newsTitle(item, intl.locale) })}
          confirmLabel={<FormattedMessage id="admin.news.delete" />}
          onConfirm={() => action.send({ type: 'action.confirm' })}
          onCancel={() => action.send({ type: 'action.cancel' })}
          returnFocusTo="news-delete"
        />
      ) : null}
    </div>
  );
}

export function NewsEditorPage() {
  const { id = '' } = useParams();
  const numeric = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
  const item = useQuery({ ...newsQueryOptions(numeric ?? 0), enabled: numeric !== null });
  if (id === 'new') return <Editor item={null} />;
  if (numeric === null || item.isError) {
    return (
      <div className="space-y-4">
        <Link to="/admin/news" className="font-semibold text-blue-800 underline">
          <FormattedMessage id="admin.news.back" />
        </Link>
        <PageHeading>
          <FormattedMessage id="admin.news.notFound" />
        </PageHeading>
      </div>
    );
  }
  if (item.isPending) {
    return (
      <div className="space-y-4">
        <PageHeading>
          <FormattedMessage id="admin.news.editTitle" />
        </PageHeading>
        <p role="status">
          <FormattedMessage id="app.loading" />
        </p>
      </div>
    );
  }
  // Remounted per saved version, so the fields show what was saved.
  return <Editor key={item.data.updated_at} item={item.data} />;
}
