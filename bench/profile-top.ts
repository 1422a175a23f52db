// `node --import tsx bench/profile-top.ts <dir>`: the functions with the most self time in the V8 CPU profiles of a
// `BENCH_CPU_PROFILE=<dir> npm run bench` run, summed over the profiles, as a share of the samples.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/profile-top.ts <directory of .cpuprofile files>');
const selfSamples = new Map<string, number>();
let total = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const names = new Map(
    profile.nodes.map((node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
      return [node.id, `${functionName || '(anonymous)'} ${where}`.trim()];
    }),
  );
  for (const id of profile.samples) {
    const name = names.get(id) ?? '?';
    if (name.startsWith('(idle)')) continue;
    selfSamples.set(name, (selfSamples.get(name) ?? 0) + 1);
    total += 1;
  }
}
const top = [...selfSamples].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 15));
for (const [name, samples] of top) console.log(`${((100 * samples) / total).toFixed(1).padStart(5)}%  ${name}`);
