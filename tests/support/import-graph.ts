// The sources' import graph, read with the TypeScript compiler and resolved as tsconfig.json does: for the check that
// no import circle joins the server's modules (tests/unit/import-circles.test.ts), and for what a screen's code loads
// before it renders (tests/unit/screen-closures.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { root } from './processes.ts';

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
export const sourcesUnder = (...folders: string[]): string[] =>
  folders.flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );

export const readSource = (file: string): string => readFileSync(join(root, file), 'utf8');

/**
 * Which imports count: `all` (static imports and re-exports, type-only too, and dynamic `import()`), or `loaded`
 * (what the bundle loads with the module before it runs: static imports and re-exports that bring a value; no
 * type-only import, no dynamic import).
 */
export type ImportKind = 'all' | 'loaded';

/** Whether an import or export declaration brings nothing but types (erased from the build). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
}

/** Every module specifier a file names, of the kind asked. */
function specifiers(text: string, fileName: string, kind: ImportKind): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (kind === 'all' || !typeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (kind === 'all' && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}

/** Each file's imports (of `kind`) of other files in `files`. */
export function importGraph(files: string[], read: (file: string) => string, kind: ImportKind = 'all'): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = specifiers(read(file), file, kind)
        .map((specifier) => ts.resolveModuleName(specifier, join(root, file), compilerOptions, ts.sys, resolutionCache).resolvedModule?.resolvedFileName)
        .filter((resolved): resolved is string => resolved !== undefined)
        .map((resolved) => relative(root, resolved))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The files `start` reaches in `graph`, itself included. */
export function closureOf(graph: Map<string, string[]>, start: string): Set<string> {
  const reached = new Set<string>();
  const pending = [start];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...(graph.get(file) ?? []));
  }
  return reached;
}
