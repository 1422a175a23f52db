// Fails when a hand copy of one of the contract's enums returns: a list of string literals (an array, a Set's items)
// or a union of string literal types, anywhere in the code the SPA, machines, shared and server are built from, that
// holds exactly the values of an enum of openapi.yaml. Such a list is written from shared/contract-enums.ts's
// constant or from the schema's type in src/api/schema.d.ts instead, so a value added to the contract reaches it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as enums from '#shared/contract-enums.ts';
import { inOwnOrder } from '#shared/contract-order.ts';
import { VALIDATORS_DIR } from '../../scripts/gen-validators.ts';

const ROOTS = ['src', 'machines', 'shared', 'server', 'scripts'];
// Generated from the contract itself.
const GENERATED = new Set(['src/api/schema.d.ts', 'shared/contract-enums.ts', 'shared/validation/validators.js', 'shared/validation/validators.d.ts']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !GENERATED.has(path) && !path.startsWith(VALIDATORS_DIR) ? [path] : [];
  });
}

/** Every list of two or more string literals in a file: array literals, unions of literal types. */
function stringLists(path: string): Array<{ line: number; values: string[] }> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; values: string[] }> = [];
  const keep = (node: ts.Node, values: string[]) => {
    if (values.length >= 2) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, values });
  };
  const visit = (node: ts.Node): void => {
    // A list in an order of our own, checked against the enum by shared/contract-order.ts.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'inOwnOrder') return;
    if (ts.isArrayLiteralExpression(node) && node.elements.every((element) => ts.isStringLiteralLike(element))) {
      keep(node, node.elements.map((element) => (element as ts.StringLiteralLike).text));
    }
    if (ts.isUnionTypeNode(node) && node.types.every((type) => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal))) {
      keep(node, node.types.map((type) => ((type as ts.LiteralTypeNode).literal as ts.StringLiteral).text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set(a).size === a.length && b.every((value) => a.includes(value));

describe('no hand copy of a contract enum', { timeout: 60_000 }, () => {
  const contractLists: Array<[string, string[]]> = Object.entries(enums).flatMap(([name, list]: [string, unknown]) =>
    Array.isArray(list) ? [[name, list.map(String)] satisfies [string, string[]]] : [],
  );

  it('lets an order of our own through only when it is an order of the enum', () => {
    expect(inOwnOrder(enums.DRIVE_SPACE_VALUES, ['personal', 'shared'])).toEqual(['personal', 'shared']);
    // @ts-expect-error -- a value missing is a type error too
    expect(() => inOwnOrder(enums.DRIVE_SPACE_VALUES, ['personal'])).toThrow(/not an order/);
    // @ts-expect-error -- and so is one the contract does not have
    expect(() => inOwnOrder(enums.DRIVE_SPACE_VALUES, ['personal', 'shared', 'mine'])).toThrow(/not an order/);
  });

  it('finds the copies it looks for (a planted one is caught)', () => {
    const planted = stringLists('tests/unit/fixtures/contract-copy.ts');
    const caught = planted.filter(({ values }) => contractLists.some(([, list]) => sameSet(values, list)));
    expect(caught.map(({ line }) => line)).toEqual([2, 3, 5]);
  });

  it('no list in src/, machines/, shared/, server/ or scripts/ repeats an enum of openapi.yaml', () => {
    const copies = ROOTS.flatMap(sourceFiles).flatMap((path) =>
      stringLists(path).flatMap(({ line, values }) =>
        contractLists.filter(([, list]) => sameSet(values, list)).map(([name]) => `${path}:${line} repeats ${name} (use it from shared/contract-enums.ts)`),
      ),
    );
    expect(copies).toEqual([]);
  });
});
