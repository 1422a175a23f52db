// The offline shell's precache without the admin code (docs/decisions/066-boot-closure.md): the files of the build
// that only the admin area reaches (its route chunk, the dashboard and news editor chunks, the admin catalogs and what
// only they import) are dropped from the worker's list, so an applicant's phone never downloads them in the
// background. Staff fetch them at run time, as any file outside the precache. Read from the build's manifest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The modules whose code is the admin area's: an applicant's screens never import them. */
const ADMIN_ROOTS = [
  'src/app/AdminRoutes.tsx',
  'src/features/admin-dashboard/components/DashboardPage.tsx',
  'catalog-es-admin',
  'catalog-en-admin',
];

/** The build's files that only the admin roots reach, static or lazy imports alike. */
export function adminOnlyFiles(manifestFile: string): Set<string> {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  for (const root of ADMIN_ROOTS) if (!manifest[root]) throw new Error(`${root} is not in ${manifestFile}: update ADMIN_ROOTS`);
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key) || ADMIN_ROOTS.includes(key)) return;
    reached.add(key);
    const chunk = manifest[key];
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (key === 'index.html' || key === 'src/app/boot.ts' || (chunk as { isEntry?: boolean }).isEntry) visit(key);
  const kept = new Set([...reached].flatMap((key) => [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])]));
  return new Set(
    Object.values(manifest)
      .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
      .filter((file) => !kept.has(file)),
  );
}

/** Workbox's `manifestTransforms` step: the precache list without the admin-only files. */
export function withoutAdminCode(outDir: string) {
  return async <T extends { url: string }>(entries: T[]) => {
    const adminOnly = adminOnlyFiles(join(outDir, '.vite', 'manifest.json'));
    return { manifest: entries.filter((entry) => !adminOnly.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
}
