// /admin/users: staff search the accounts (name or e-mail, whatever the accents), filter by staff and status, sort,
// page with the server's cursor and export the matching accounts as CSV. The URL holds the search, so a page can be
// shared, reloaded, and left with Back.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { ColumnHeaders, KeysetPager, ListStatus, SearchButtons, useUrlSearch } from '#components/admin/ListControls';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { AuditRangeExport } from '#components/admin/AuditRangeExport';
import { activeOrNot, messages, yesNo } from '#features/admin-users/messages';
import { ADMIN_USER_SORT_VALUES } from '#shared/contract-enums';
import { downloadUsersCsv, userListQueryOptions, type AdminUserSort, type UserListQuery } from '#features/admin-users/api/users';

const SORTS: readonly AdminUserSort[] = ADMIN_USER_SORT_VALUES;
const SORT_LABELS: Record<AdminUserSort, MessageDescriptor> = {
  name: messages.sortName,
  '-name': messages.sortNameDesc,
  email: messages.sortEmail,
  '-email': messages.sortEmailDesc,
  created: messages.sortCreated,
  '-created': messages.sortCreatedDesc,
};
const COLUMNS = [messages.columnName, messages.columnEmail, messages.columnStaff, messages.columnActive, messages.columnCreated];
const flag = (value: string | null): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

function queryFromUrl(params: URLSearchParams): UserListQuery {
  const sort = SORTS.find((candidate) => candidate === params.get('sort'));
  const staff = flag(params.get('staff'));
  const active = flag(params.get('active'));
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(staff === undefined ? {} : { staff }),
    ...(active === undefined ? {} : { active }),
    ...(sort ? { sort } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

export function UsersPage() {
  const intl = useIntl();
  const { params, submit: search } = useUrlSearch(['q', 'staff', 'active', 'sort']);
  const query = queryFromUrl(params);
  const users = useQuery(userListQueryOptions(query));
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  const { cursor: _cursor, ...filters } = query;

  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="admin.users.title" />
      </PageHeading>
      <form role="search" aria-label={t(messages.searchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2 lg:grid-cols-4">
        <TextField id="users-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} label={<FormattedMessage id="admin.users.search" />} hint={<FormattedMessage id="admin.users.searchHint" />} />
        <SelectField
          id="users-staff"
          name="staff"
          defaultValue={query.staff === undefined ? '' : String(query.staff)}
          label={<FormattedMessage id="admin.users.filterStaff" />}
          options={[
            { value: '', label: t(messages.filterAll) },
            { value: 'true', label: t(messages.staffOnly) },
            { value: 'false', label: t(messages.applicantsOnly) },
          ]}
        />
        <SelectField
          id="users-active"
          name="active"
          defaultValue={query.active === undefined ? '' : String(query.active)}
          label={<FormattedMessage id="admin.users.filterActive" />}
          options={[
            { value: '', label: t(messages.filterAll) },
            { value: 'true', label: t(messages.activeOnly) },
            { value: 'false', label: t(messages.inactiveOnly) },
          ]}
        />
        <SelectField
          id="users-sort"
          name="sort"
          defaultValue={query.sort ?? 'name'}
          label={<FormattedMessage id="admin.users.sort" />}
          options={SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.users.searchButton" />}
          exportCsv={<FormattedMessage id="admin.users.export" />}
          exportFailed={<FormattedMessage id="admin.users.exportFailed" />}
          onExport={() => downloadUsersCsv(filters, `${t(messages.csvName)}.csv`)}
        />
      </form>

      <ListStatus
        pending={users.isPending}
        count={users.data ? <FormattedMessage id="admin.users.count" values={{ count: users.data.count }} /> : null}
        error={users.error}
        fallback={t(messages.tryAgainLater)}
        firstPage={<FormattedMessage id="admin.users.firstPage" />}
      />

      {users.data && users.data.results.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.users.tableCaption" />
            </caption>
            <ColumnHeaders columns={COLUMNS} />
            <tbody>
              {users.data.results.map((user) => (
                <tr key={user.id} className="border-b border-gray-300">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link to={`/admin/users/${user.id}`} className="font-semibold text-blue-800 underline">
                      {`${user.first_name} ${user.last_name}`}
                    </Link>
                  </th>
                  <td className="break-all px-3 py-2">{user.email}</td>
                  <td className="px-3 py-2">
                    <FormattedMessage {...yesNo(user.is_staff)} />
                  </td>
                  <td className="px-3 py-2">
                    <FormattedMessage {...activeOrNot(user.is_active)} />
                  </td>
                  <td className="px-3 py-2">
                    <InstantText instant={user.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : users.data ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.users.none" />
        </p>
      ) : null}

      <KeysetPager
        label={t(messages.pages)}
        nextCursor={users.data?.next_cursor}
        first={<FormattedMessage id="admin.users.firstPage" />}
        next={<FormattedMessage id="admin.users.nextPage" />}
      />
      <AuditRangeExport />
    </div>
  );
}
