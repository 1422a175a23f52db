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

/** The specifier of a dynamic `import('…')` call with a literal argument, or undefined for any other node. */
function dynamicImportOf(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const [argument] = node.arguments;
  return argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
}

/** The repository path `specifier` names from `file`, resolved as tsconfig.json does, or undefined outside it. */
function resolvedPath(specifier: string, file: string): string | undefined {
  const resolved = ts.resolveModuleName(specifier, join(root, file), compilerOptions, ts.sys, resolutionCache).resolvedModule?.resolvedFileName;
  return resolved === undefined ? undefined : relative(root, resolved);
}

/** Every module specifier a file names, of the kind asked. */
function specifiers(text: string, fileName: string, kind: ImportKind): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (kind === 'all' || !typeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (kind === 'all') {
      const dynamic = dynamicImportOf(node);
      if (dynamic !== undefined) found.push(dynamic);
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
        .map((specifier) => resolvedPath(specifier, file))
        .filter((resolved): resolved is string => resolved !== undefined)
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

/** A lazy route of a route table: its whole path pattern and the modules its `lazy` imports. */
export interface LazyRoute {
  path: string;
  modules: string[];
}

/**
 * The lazy routes of `file`'s `routeTable` (src/app/AppRoutes.tsx), read from its code: each route object's path
 * joined to its parents', and the modules its `lazy` imports, directly (`import('…')`) or through a constant of the
 * file that does (`const panel = () => import('./PanelRoutes')`).
 */
export function lazyRoutesOf(file: string): LazyRoute[] {
  const text = readSource(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const resolve = (specifier: string): string => {
    const resolved = resolvedPath(specifier, file);
    if (resolved === undefined) throw new Error(`${file}: ${specifier} does not resolve`);
    return resolved;
  };
  const importsIn = (node: ts.Node, helpers: Map<string, string[]>): string[] => {
    const found: string[] = [];
    const visit = (child: ts.Node) => {
      const dynamic = dynamicImportOf(child);
      if (dynamic !== undefined) found.push(resolve(dynamic));
      else if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) {
        found.push(...(helpers.get(child.expression.text) ?? []));
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const helpers = new Map<string, string[]>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) helpers.set(declaration.name.text, importsIn(declaration.initializer, helpers));
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === 'routeTable') {
      const returned = statement.body?.statements.find(ts.isReturnStatement)?.expression;
      if (returned && ts.isArrayLiteralExpression(returned)) table = returned;
    }
  }
  if (!table) throw new Error(`${file} has no routeTable returning an array`);
  const routes: LazyRoute[] = [];
  const walk = (array: ts.ArrayLiteralExpression, parentPath: string) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const property = (name: string) =>
        element.properties.find((candidate): candidate is ts.PropertyAssignment => ts.isPropertyAssignment(candidate) && ts.isIdentifier(candidate.name) && candidate.name.text === name)?.initializer;
      const pathNode = property('path');
      const path = pathNode && ts.isStringLiteral(pathNode) ? `${parentPath}/${pathNode.text}` : parentPath;
      const lazy = property('lazy');
      if (lazy) routes.push({ path: path === '' ? '/' : path, modules: [...new Set(importsIn(lazy, helpers))] });
      const children = property('children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, path);
    }
  };
  walk(table, '');
  return routes;
}
