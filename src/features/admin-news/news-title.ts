// A news item's title for staff, as the news list and the editor name it: apart from the list, so the editor does not
// load the list to name the item it edits.
import type { AdminNews } from '#features/admin-news/api/news';

/** The item's title in the reader's language, else the other one. */
export function newsTitle(item: Pick<AdminNews, 'title_es' | 'title_en'>, locale: string): string {
  return locale.startsWith('en') ? item.title_en || item.title_es : item.title_es || item.title_en;
}
