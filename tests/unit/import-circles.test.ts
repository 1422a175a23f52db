// No import circle among the server's and shared/'s modules (docs/decisions/053-the-server-in-plugins.md): each
// module's imports, type-only ones included, are read with the TypeScript compiler and resolved as tsconfig.json does
// (tests/support/import-graph.ts).
import { describe, expect, it } from 'vitest';
import { importGraph, readSource, sourcesUnder } from '../support/import-graph.ts';

/** The circles of a graph: its strongly connected components of more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (file: string) => {
    order.set(file, counter);
    lowest.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        connect(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(target)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) connect(file);
  return found;
}

// Reading some 130 files and resolving their imports takes seconds on a busy two-core machine.
describe('import circles', { timeout: 60_000 }, () => {
  const files = sourcesUnder('server', 'shared');

  it('reads the server and shared/ (the graph is not empty)', () => {
    const graph = importGraph(files, readSource);
    expect(files).toContain('server/app.ts');
    expect(graph.get('server/app.ts')?.length).toBeGreaterThan(5);
  });

  it('finds no circle under server/ and shared/', () => {
    expect(circles(importGraph(files, readSource))).toEqual([]);
  });

  it('finds a planted circle, type-only and through a path alias too', () => {
    const planted: Record<string, string> = {
      'server/applications/documents.ts': `${readSource('server/applications/documents.ts')}\nimport type { saveStep } from '#server/applications/service.ts';\n`,
      'server/applications/service.ts': readSource('server/applications/service.ts'),
    };
    const read = (file: string) => planted[file] ?? readSource(file);
    expect(circles(importGraph(files, read))).toEqual([expect.arrayContaining(['server/applications/documents.ts', 'server/applications/service.ts'])]);
    const selfImport = (file: string) => (file === 'shared/money.ts' ? `import './money.ts';\n${readSource(file)}` : readSource(file));
    expect(circles(importGraph(files, selfImport))).toEqual([['shared/money.ts']]);
  });

  it('finds a circle of a dynamic import', () => {
    const read = (file: string) =>
      file === 'server/audit/log.ts' ? `${readSource(file)}\nexport const later = () => import('../admin/audit.ts');\n` : readSource(file);
    expect(circles(importGraph(files, read))).toEqual([['server/admin/audit.ts', 'server/audit/log.ts']]);
  });
});
