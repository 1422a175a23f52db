// The Node.js majors the portal supports (package.json's engines: 20, 22 and 24), each as the exact version the
// tests run, and the binary of each: the npm registry's node-<platform>-<arch> packages hold the official builds, so
// `npm test` can run its selection on the other majors (scripts/test.mjs, docs/testing.md) with only the registry
// that `npm install` already needs. Binaries are kept in node_modules/.cache/node-versions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cache = join(root, 'node_modules', '.cache', 'node-versions');

/** One version per supported major: raise them together with docs/stack.md when a release fixes something. */
export const supportedNodeVersions = ['20.20.2', '22.23.3', '24.21.0'];

/** The supported versions of the majors other than the one running this script. */
export function otherNodeVersions() {
  const running = process.versions.node.split('.')[0];
  return supportedNodeVersions.filter((version) => version.split('.')[0] !== running);
}

/**
 * The path of the `node` binary of `version`, downloaded once from the npm registry (`npm pack`) and unpacked into
 * the cache. Throws with npm's or tar's own words when it cannot be had (no registry, a platform with no package).
 */
export function nodeBinary(version) {
  const folder = join(cache, version);
  const binary = join(folder, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  // Unpacked beside the cache's entry and renamed into place, so a download cut halfway never looks complete.
  const scratch = mkdtempSync(join(cache, `.${version}-`));
  try {
    const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@${version}`;
    const pack = spawnSync('npm', ['pack', name, '--pack-destination', scratch, '--loglevel=error'], { encoding: 'utf8', shell: process.platform === 'win32' });
    const archive = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
    if (pack.status !== 0 || !archive) throw new Error(`npm pack ${name} failed (${pack.status ?? pack.error?.message}): ${(pack.stderr ?? pack.stdout ?? '').trim()}`);
    const untar = spawnSync('tar', ['-xzf', join(scratch, archive), '-C', scratch], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`could not unpack ${archive}: ${untar.stderr}`);
    rmSync(folder, { recursive: true, force: true });
    renameSync(join(scratch, 'package'), folder);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!existsSync(binary)) throw new Error(`${folder} holds no ${binary}`);
  return binary;
}

// `node scripts/node-versions.mjs` downloads the other majors' binaries ahead (.ci/run does, before the tests).
if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const version of otherNodeVersions()) console.log(`Node ${version}: ${nodeBinary(version)}`);
}
