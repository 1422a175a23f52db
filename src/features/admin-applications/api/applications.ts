// Server data of staff's applications review: the list (keyset pages), one application with its applicant and
// survey, the programs to filter by, the CSV, and the documents (fetched with the session's token, then opened in
// the browser or saved).
import { QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components, operations } from '#api/schema';

type Schemas = components['schemas'];
export type AdminApplication = Schemas['AdminApplication'];
export type AdminApplicationRow = Schemas['AdminApplicationRow'];
export type AdminApplicationSort = Schemas['AdminApplicationSort'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type SubProgram = Schemas['SubProgram'];
export type Survey = Schemas['Survey'];

/** The list's search, filters, sort, page size and page, as the URL holds them (the contract's parameters). */
export type ApplicationListQuery = NonNullable<operations['listAdminApplications']['parameters']['query']>;

export const adminApplicationKeys = {
  all: ['admin', 'applications'] as const,
  list: (query: ApplicationListQuery) => [...adminApplicationKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminApplicationKeys.all, 'detail', id] as const,
  programs: () => [...adminApplicationKeys.all, 'programs'] as const,
  reviewers: () => [...adminApplicationKeys.all, 'reviewers'] as const,
};

export const PAGE_SIZE = 25;
/** The page sizes staff choose among (the contract allows 1 to 100). */
export const PAGE_SIZES = [25, 50, 100] as const;

export const applicationListQueryOptions = (query: ApplicationListQuery) =>
  queryOptions({
    queryKey: adminApplicationKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications', { params: { query: { ...query, limit: query.limit ?? PAGE_SIZE } }, signal })),
  });

export const adminApplicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminApplicationKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications/{id}', { params: { path: { id } }, signal })),
  });

/**
 * Calls `listener` with each new answer of one application's query (read again after a change, or on focus); never
 * fetches itself. The review machine follows the application with it (src/actors/review.ts).
 */
export function watchAdminApplication(queryClient: QueryClient, id: number, listener: (application: AdminApplication) => void): () => void {
  let last = queryClient.getQueryData(adminApplicationKeys.detail(id));
  return new QueryObserver(queryClient, { ...adminApplicationQueryOptions(id), enabled: false }).subscribe(({ data }) => {
    if (data === undefined || data === last) return;
    last = data;
    listener(data);
  });
}

/** The programs to filter by: the newest hundred (programs are tens, docs/decisions/024). */
export const filterProgramsQueryOptions = () =>
  queryOptions({
    queryKey: adminApplicationKeys.programs(),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/programs', { params: { query: { limit: 100 } }, signal })),
    staleTime: 60_000,
  });

export type StaffAccount = Schemas['AdminUser'];

/**
 * Who can review: every active staff account, by name (the users list filtered; staff are tens, so a few pages of a
 * hundred hold them all). The server checks the choice again (an account made inactive meanwhile is refused).
 */
export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: adminApplicationKeys.reviewers(),
    queryFn: async ({ signal }) => {
      const staff: StaffAccount[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const query = { staff: true, active: true, sort: 'name' as const, limit: 100, ...(cursor === undefined ? {} : { cursor }) };
        const result = await unwrap(api.GET('/admin/users', { params: { query }, signal }));
        staff.push(...result.results);
        if (result.next_cursor === null) break;
        cursor = result.next_cursor;
      }
      return staff;
    },
    staleTime: 60_000,
  });

/** Downloads the CSV of every application the list's filters match (the server names the file). */
export async function downloadApplicationsCsv(query: Omit<ApplicationListQuery, 'cursor' | 'limit'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/applications/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** A document of the application: one of steps 3 and 4 by its id, or the step-six intake form. */
export type DocumentRef = { applicationId: number; fileId: number } | { applicationId: number; intakeForm: true };

async function fetchDocument(ref: DocumentRef): Promise<{ data?: unknown; response: Response }> {
  const path = { id: ref.applicationId };
  return 'fileId' in ref
    ? api.GET('/applications/{id}/files/{fileId}', { params: { path: { ...path, fileId: ref.fileId } }, parseAs: 'blob' })
    : api.GET('/applications/{id}/intake-form', { params: { path }, parseAs: 'blob' });
}

/** Saves a document under its name. */
export async function downloadApplicationDocument(ref: DocumentRef, fallbackName: string): Promise<void> {
  const { data, response } = await fetchDocument(ref);
  saveBlob(data, response, fallbackName);
}

/**
 * Shows a document in the browser's PDF viewer, in a new tab. The tab opens at once, while the click still counts as
 * the person's (a tab opened after the download would be blocked as a pop-up), and gets the PDF when it arrives; the
 * server sends documents as attachments, so the tab reads them from a blob address typed as a PDF.
 */
export async function viewApplicationDocument(ref: DocumentRef): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { data, response } = await fetchDocument(ref);
    if (!response.ok || !(data instanceof Blob)) throw new Error(`document: HTTP ${response.status}`);
    const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    // The tab keeps the document it loaded; the address is only needed while it loads.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
