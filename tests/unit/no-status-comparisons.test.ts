// Fails when a screen works out what a status means by itself: a comparison of a loaded `.status` (query data, a
// row, a program) with a string literal anywhere in src/features/ (docs/decisions/063-one-staff-write-path.md). What
// a status allows or shows is asked of the lifecycle table (shared/review-lifecycle.ts: `showsResubmission`,
// `applicantPhase`, `programClosesDrafts`, `isStepSubmitted`, ...) or read from a machine's selector, so the server,
// the machines and the screens cannot disagree. Read with the TypeScript parser, as tests/unit/no-contract-copies.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = 'src/features';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The expression under parentheses, `as`, `satisfies` and `!`. */
function bare(node: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) return bare(node.expression);
  return node;
}

/** `x.status`, `x?.status` or `x['status']`. */
function isStatusRead(node: ts.Expression): boolean {
  const expression = bare(node);
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text === 'status';
  return ts.isElementAccessExpression(expression) && ts.isStringLiteralLike(expression.argumentExpression) && expression.argumentExpression.text === 'status';
}

const isText = (node: ts.Expression): boolean => ts.isStringLiteralLike(bare(node));

/** Where a file compares a `.status` with a string literal: `===`/`!==`/`==`/`!=`, a `switch` with literal cases, a literal list's `includes`. */
function statusComparisons(path: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; text: string }> = [];
  const keep = (node: ts.Node) => found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText() });
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if ((isStatusRead(node.left) && isText(node.right)) || (isStatusRead(node.right) && isText(node.left))) keep(node);
    }
    if (ts.isSwitchStatement(node) && isStatusRead(node.expression)) {
      for (const clause of node.caseBlock.clauses) if (ts.isCaseClause(clause) && isText(clause.expression)) keep(clause);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'includes' &&
      ts.isArrayLiteralExpression(bare(node.expression.expression)) &&
      node.arguments.some(isStatusRead)
    ) {
      keep(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no view works out a status', () => {
  it('finds the comparisons it looks for (a planted file is caught)', () => {
    expect(statusComparisons('tests/unit/fixtures/status-comparison.ts').map(({ line }) => line)).toEqual([7, 8, 9, 10, 11, 12, 15]);
  });

  it('no file of src/features/ compares a .status with a string literal', { timeout: 60_000 }, () => {
    const found = sourceFiles(ROOT).flatMap((path) =>
      statusComparisons(path).map(({ line, text }) => `${path}:${line} ${text} (ask the lifecycle table in shared/review-lifecycle.ts or a machine's selector)`),
    );
    expect(found).toEqual([]);
  });
});
