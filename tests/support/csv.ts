// Reads admin CSV exports back in tests, so what was written can be compared cell by cell: the server's own RFC 4180
// reader (server/admin/csv.ts), which staff's imports use too.
export { parseCsv } from '#server/admin/csv.ts';
export { splitAbout } from '#server/admin/export-about.ts';
