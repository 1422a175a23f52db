// The build's manifest (vite.config.ts `build.manifest`, dist/.vite/manifest.json): which built files each module needs.
// Read by the precache's list (precache-shell.ts), the prerender (each page's chunks) and `npm run bench:chunks`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  /** The target of a dynamic import(): a lazy route's chunk. */
  isDynamicEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

export const readViteManifest = (dist: string): ViteManifest =>
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;

/**
 * The manifest keys `roots` reach through static imports (and lazy ones with `dynamic`), never entering `stopAt`.
 * A root missing from the manifest throws: the caller names a module the build no longer has as a chunk.
 */
export function reachableKeys(
  manifest: ViteManifest,
  roots: string[],
  { dynamic = false, stopAt = [] }: { dynamic?: boolean; stopAt?: string[] } = {},
): Set<string> {
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key) || stopAt.includes(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest (dist/.vite/manifest.json)`);
    reached.add(key);
    for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  for (const root of roots) visit(root);
  return reached;
}

/** The built files of `keys`. */
export const filesOf = (manifest: ViteManifest, keys: Iterable<string>): Set<string> =>
  new Set([...keys].map((key) => manifest[key]?.file ?? ''));
