// The server data a prerendered page was drawn with (the open interest form of the landing page, written beside it by
// server/http/prerendered.ts), put in the query cache before the first render so hydration draws what the HTML shows.
import type { QueryClient } from '@tanstack/react-query';
import { eventKeys, type EventInfo } from '#api/events';
import { interestFormDataId } from '#shared/prerendered-landing';

export function seedPrerenderedData(queryClient: QueryClient): void {
  const text = document.getElementById(interestFormDataId)?.textContent;
  if (!text) return;
  try {
    queryClient.setQueryData<EventInfo | null>(eventKeys.interest(), JSON.parse(text) as EventInfo | null);
  } catch {
    // Unreadable: the block fetches the form as on any other page.
  }
}
