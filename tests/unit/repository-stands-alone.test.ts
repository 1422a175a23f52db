// Fails when a comment or a doc cites what a reader of this repository cannot open: an issue by its number, or the
// product team's folder outside the repository. Docs and comments cite files here (docs/, the code) instead.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['docs', 'src', 'server', 'machines', 'shared', 'scripts', 'bench', 'tests', 'locales', 'public', '.ci'];
const TOP_FILES = ['README.md', 'openapi.yaml', 'package.json', 'vite.config.ts', 'playwright.config.ts', 'eslint.config.js'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|yaml|yml|html|css|sh)$|^run$/;
/** This file names the patterns it looks for; generated files carry no prose of ours. */
const SKIP = new Set(['tests/unit/repository-stands-alone.test.ts', 'src/api/schema.d.ts']);

/** "issue 14", "Issues 9 and 10", "issue #7": a number that only the tracker explains. */
const ISSUE_NUMBER = /\bissues? #?\d+/i;
/** The product team's folder beside the checkout (its SPEC, DESIGN, STYLE and STACK pages), not this repository's shared/. */
const TEAM_FOLDER = /\b(SPEC|DESIGN|STYLE|STACK)\.md\b|\/work\/shared\b/;

function textFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : textFiles(path);
    return TEXT.test(entry.name) && !SKIP.has(path) ? [path] : [];
  });
}

function citations(pattern: RegExp): string[] {
  const files = [...FOLDERS.flatMap((folder) => textFiles(folder)), ...TOP_FILES];
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );
}

describe('the repository stands alone', () => {
  it('the patterns catch what they are for', () => {
    expect(ISSUE_NUMBER.test('as issue 14 point 4 asks')).toBe(true);
    expect(ISSUE_NUMBER.test('Issue #7 found')).toBe(true);
    expect(ISSUE_NUMBER.test('the token is issued 5 minutes before')).toBe(false);
    expect(ISSUE_NUMBER.test('MAX_REQUEST_ISSUES (50) issues are read')).toBe(false);
    expect(TEAM_FOLDER.test('see ../shared/DESIGN.md')).toBe(true);
    expect(TEAM_FOLDER.test("the messages are SPEC.md's word for word")).toBe(true);
    expect(TEAM_FOLDER.test('docs/stack.md')).toBe(false);
    expect(TEAM_FOLDER.test("import { x } from '../shared/review-lifecycle.ts'")).toBe(false);
  });

  it('no comment or doc cites an issue by its number', () => {
    expect(citations(ISSUE_NUMBER)).toEqual([]);
  });

  it("no comment or doc cites the team's folder outside the repository", () => {
    expect(citations(TEAM_FOLDER)).toEqual([]);
  });
});
