// Guards the two message catalogs: every message id the SPA uses exists in es.json and en.json, both files
// have the same keys (flat, sorted, strings), and no visible text is hard-coded in JSX instead of a message.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(root, 'src');

function loadCatalog(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, 'locales', name), 'utf8'));
}
const es = loadCatalog('es.json');
const en = loadCatalog('en.json');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Found {
  ids: Map<string, string>;
  dynamicIds: string[];
  hardCodedText: string[];
}

/** Attributes whose string value people see or hear. */
const visibleAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const hasLetters = (text: string): boolean => /\p{L}/u.test(text);

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  return undefined;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function scan(): Found {
  const found: Found = { ids: new Map(), dynamicIds: [], hardCodedText: [] };
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const useId = (node: ts.Node | undefined, at: ts.Node) => {
      const id = literalText(node);
      if (id === undefined) found.dynamicIds.push(where(at));
      else if (!found.ids.has(id)) found.ids.set(id, where(at));
    };
    /** `{ id: '...' }` message descriptors, as passed to formatMessage / defineMessage(s). */
    const descriptorIds = (object: ts.ObjectLiteralExpression) => {
      for (const property of object.properties) {
        if (ts.isPropertyAssignment(property) && property.name.getText(source) === 'id') useId(property.initializer, property);
      }
    };

    const visit = (node: ts.Node): void => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const tag = node.tagName.getText(source);
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute)) continue;
          const name = attribute.name.getText(source);
          if (tag === 'FormattedMessage' && name === 'id') useId(attribute.initializer, attribute);
          const value = literalText(attribute.initializer);
          if (visibleAttributes.has(name) && value !== undefined && hasLetters(value)) {
            found.hardCodedText.push(`${where(attribute)} ${name}="${value}"`);
          }
        }
      }
      if (ts.isJsxText(node) && hasLetters(node.text)) {
        found.hardCodedText.push(`${where(node)} "${node.text.trim()}"`);
      }
      if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const value = literalText(node.expression);
        if (value !== undefined && hasLetters(value)) found.hardCodedText.push(`${where(node)} {"${value}"}`);
      }
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const [first] = node.arguments;
        if (name === 'formatMessage' && first && ts.isObjectLiteralExpression(first)) descriptorIds(first);
        if (name === 'defineMessage' && first && ts.isObjectLiteralExpression(first)) descriptorIds(first);
        if (name === 'defineMessages' && first && ts.isObjectLiteralExpression(first)) {
          for (const property of first.properties) {
            if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
              descriptorIds(property.initializer);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const found = scan();

describe('locales/es.json and locales/en.json', () => {
  it('the scan sees the app (sanity check of this test itself)', () => {
    expect(found.ids.size).toBeGreaterThan(50);
    expect(found.ids.has('app.shortName')).toBe(true);
  });

  it('have every message id used in src/', () => {
    const missing = [...found.ids]
      .flatMap(([id, at]) => [
        ...(typeof es[id] === 'string' ? [] : [`es.json lacks ${id} (${at})`]),
        ...(typeof en[id] === 'string' ? [] : [`en.json lacks ${id} (${at})`]),
      ]);
    expect(missing).toEqual([]);
  });

  it('have every message id that openapi.yaml and shared/validation/field-messages.ts name for errors', () => {
    const contract = readFileSync(join(root, 'openapi.yaml'), 'utf8');
    const fromContract = [...contract.matchAll(/x-message(?:-required)?:\s*([\w.]+)/g)].map((match) => match[1] ?? '');
    const reading = readFileSync(join(root, 'shared/validation/field-messages.ts'), 'utf8');
    const fromReading = [...reading.matchAll(/'((?:api|ui)\.[\w.]+)'/g)].map((match) => match[1] ?? '');
    expect(fromContract.length).toBeGreaterThan(5);
    expect(fromReading.length).toBeGreaterThan(5);
    const missing = [...new Set([...fromContract, ...fromReading])].filter((id) => typeof es[id] !== 'string' || typeof en[id] !== 'string');
    expect(missing).toEqual([]);
  });

  it('use static message ids in src/, so they can be checked', () => {
    expect(found.dynamicIds).toEqual([]);
  });

  it('have the same keys', () => {
    const esKeys = Object.keys(es);
    const enKeys = Object.keys(en);
    expect(esKeys.filter((key) => !(key in en)).map((key) => `only in es.json: ${key}`)).toEqual([]);
    expect(enKeys.filter((key) => !(key in es)).map((key) => `only in en.json: ${key}`)).toEqual([]);
  });

  it('are flat, with sorted keys and non-empty string values', () => {
    for (const catalog of [es, en]) {
      const keys = Object.keys(catalog);
      expect(keys).toEqual([...keys].sort());
      expect(Object.entries(catalog).filter(([, value]) => typeof value !== 'string' || value === '')).toEqual([]);
    }
  });
});

describe('JSX in src/', () => {
  it('has no hard-coded visible text: every string is a react-intl message', () => {
    expect(found.hardCodedText).toEqual([]);
  });
});
