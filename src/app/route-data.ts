// The server data of the signed-in screens, asked for as soon as the address is known (the entry at boot, the router
// when a navigation starts), so the API calls run in parallel with the screen's code instead of after it
// (docs/decisions/058-phone-speed.md). The screens read the same queries; this only starts them earlier.
import type { QueryClient } from '@tanstack/react-query';
import { applicationQueryOptions, myApplicationsQueryOptions } from '#api/applications';
import { programsQueryOptions } from '#api/programs';
import { surveyQueryOptions } from '#api/survey';
import { dashboardProgramsQueryOptions, dashboardQueryOptions } from '#features/admin-dashboard/api/dashboard';
import { meQueryOptions } from '#features/profile/api/me';
import { parseId } from '#lib/route-id';

type Prefetch = (queryClient: QueryClient, match: RegExpExecArray, search: string) => void;

const prefetchers: [RegExp, Prefetch][] = [
  [
    /^\/panel\/?$|^\/panel\/programs\/?$/,
    (queryClient) => {
      void queryClient.prefetchQuery(programsQueryOptions());
      void queryClient.prefetchQuery(surveyQueryOptions());
    },
  ],
  [/^\/panel\/programs\/my\/?$/, (queryClient) => void queryClient.prefetchQuery(myApplicationsQueryOptions())],
  [
    /^\/panel\/application\/([^/]+)(?:\/|$)/,
    (queryClient, match) => {
      const id = parseId(match[1]);
      if (id !== null) void queryClient.prefetchQuery(applicationQueryOptions(id));
    },
  ],
  [/^\/profile\/?$/, (queryClient) => void queryClient.prefetchQuery(meQueryOptions())],
  [
    /^\/admin\/dashboard\/?$/,
    (queryClient, _match, search) => {
      // Filters in the address are read by the page; without them the figures are the unfiltered ones.
      if (search === '' || search === '?') void queryClient.prefetchQuery(dashboardQueryOptions({}));
      void queryClient.prefetchQuery(dashboardProgramsQueryOptions());
    },
  ],
];

/**
 * Starts the queries the screen at `pathname` shows, for a signed-in person only (a signed-out visitor is sent to
 * sign in, and a call without a session would only start a refresh). Fresh cached data is not asked again.
 */
export function prefetchRouteData(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }, signedIn: boolean): void {
  if (!signedIn) return;
  for (const [pattern, prefetch] of prefetchers) {
    const match = pattern.exec(pathname);
    if (match) prefetch(queryClient, match, search);
  }
}
