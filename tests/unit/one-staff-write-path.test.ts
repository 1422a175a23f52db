// Staff write through one path (docs/decisions/063-one-staff-write-path.md): every write operation of the contract
// under /admin is a typed command of shared/staff-commands.ts (a file's upload, which goes with its progress, is the
// one kind left out), and no file of src/ but src/actors/staff-commands.ts calls such an operation itself, so every
// staff screen reads one error type (StaffCallError) from one place. Read with the TypeScript parser.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STAFF_OPERATIONS } from '#shared/staff-commands.ts';

const THE_PATH = 'src/actors/staff-commands.ts';
const WRITES = ['post', 'put', 'patch', 'delete'] as const;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `api.POST('/admin/...')` and the like in a file: the openapi-fetch client's writes to a staff path. */
function adminWrites(path: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    const callee = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : null;
    if (
      ts.isCallExpression(node) &&
      WRITES.some((method) => method.toUpperCase() === callee) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[0].text.startsWith('/admin')
    ) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: `${node.expression.getText()}('${node.arguments[0].text}')` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface Operation {
  operationId: string;
  requestBody?: { content?: Record<string, unknown> };
}

describe('one write path for staff', () => {
  it('every write of the contract under /admin is a staff command, but a file upload', () => {
    const contract = parse(readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, Partial<Record<(typeof WRITES)[number], Operation>>> };
    const missing = Object.entries(contract.paths)
      .filter(([path]) => path.startsWith('/admin'))
      .flatMap(([, item]) => WRITES.flatMap((method) => (item[method] ? [item[method]] : [])))
      .filter((operation) => !('multipart/form-data' in (operation.requestBody?.content ?? {})))
      .map((operation) => operation.operationId)
      .filter((id) => !(STAFF_OPERATIONS as readonly string[]).includes(id));
    expect(missing).toEqual([]);
  });

  it(`no file of src/ but ${THE_PATH} writes to a staff path`, { timeout: 60_000 }, () => {
    expect(adminWrites(THE_PATH).length).toBeGreaterThanOrEqual(STAFF_OPERATIONS.length);
    const elsewhere = sourceFiles('src')
      .filter((path) => path !== THE_PATH)
      .flatMap((path) => adminWrites(path).map(({ line, text }) => `${path}:${line} ${text} (send a command of shared/staff-commands.ts with performStaffCommand)`));
    expect(elsewhere).toEqual([]);
  });
});
