// The offline shell's precache without the admin code (docs/decisions/066-boot-closure.md): the files of the build
// that only the admin area reaches (its layout's chunk, each admin screen's, the admin catalogs and what only they
// import) are dropped from the worker's list, so an applicant's phone never downloads them in the
// background. Staff fetch them at run time, as any file outside the precache. Read from the build's manifest.
import { reachableKeys, readViteManifest } from './vite-manifest.ts';

/** The modules whose code is the admin area's: an applicant's screens never import them. */
const ADMIN_ROOTS = ['src/app/AdminRoutes.tsx', 'catalog-es-admin', 'catalog-en-admin'];
/** Each admin screen is a chunk of its own (src/app/AppRoutes.tsx, `adminScreens`): the admin features' modules. */
const ADMIN_SCREEN = /^src\/features\/admin-[\w-]+\//;

/** The build's files that only the admin roots reach, static or lazy imports alike. */
export function adminOnlyFiles(dist: string): Set<string> {
  const manifest = readViteManifest(dist);
  for (const root of ADMIN_ROOTS) if (!manifest[root]) throw new Error(`${root} is not in the build's manifest: update ADMIN_ROOTS`);
  const screens = Object.keys(manifest).filter((key) => ADMIN_SCREEN.test(key));
  if (screens.length === 0) throw new Error(`no admin screen matches ${ADMIN_SCREEN} in the build's manifest: update ADMIN_SCREEN`);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const reached = reachableKeys(manifest, entries, { dynamic: true, stopAt: [...ADMIN_ROOTS, ...screens] });
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
    const adminOnly = adminOnlyFiles(outDir);
    return { manifest: entries.filter((entry) => !adminOnly.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
}
