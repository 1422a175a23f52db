// Event times as staff type them: a datetime-local field holds Puerto Rico's wall-clock time (AST, UTC-4 all year:
// the island keeps no daylight saving), whatever the device's own time zone.
const OFFSET = '-04:00';

/** "2026-12-03T10:00" (Puerto Rico time) as an ISO instant; null when empty or not a date and time. */
export function fieldToInstant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00${OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as the datetime-local value of its Puerto Rico time; '' for none. */
export function instantToField(instant: string | null): string {
  if (instant === null) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  // Puerto Rico's wall clock is UTC minus four hours.
  return new Date(date.getTime() - 4 * 3_600_000).toISOString().slice(0, 16);
}
