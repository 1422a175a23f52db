// No import circle among the server's and shared/'s modules (docs/decisions/053-the-server-in-plugins.md): each
// module's imports, type-only ones included, are read with the TypeScript compiler and resolved as tsconfig.json does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
if (!parsed) throw new Error('tsconfig.json could not be read');
const compilerOptions = parsed.options;
// One resolution per folder and specifier, shared by every graph the tests build.
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);

/** The TypeScript sources under `folders`, as paths from the repository's root. */
const sourcesUnder = (...folders: string[]): string[] =>
  folders.flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );

/** Every module specifier a file names: static imports and re-exports (type-only too) and dynamic import(). */
function specifiers(text: string, fileName: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}

/** Each file's imports of other files in `files`. */
function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = specifiers(read(file), file)
        .map((specifier) => ts.resolveModuleName(specifier, join(root, file), compilerOptions, ts.sys, resolutionCache).resolvedModule?.resolvedFileName)
        .filter((resolved): resolved is string => resolved !== undefined)
        .map((resolved) => relative(root, resolved))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

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
  const readSource = (file: string) => readFileSync(join(root, file), 'utf8');

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
