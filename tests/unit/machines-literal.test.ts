// Every machine's config opens in the Stately editor as it is written (docs/machines.md): the editor reads the source,
// so the shape of the chart (states, transitions, targets, guards, invocations) must be literal there, not computed, and
// the children a state always has must be invoked, not spawned by its entry actions.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Keys holding transitions. */
const TRANSITIONS = new Set(['always', 'onDone', 'onError', 'onSnapshot']);
/** XState's guard combinators, which the editor reads as such. */
const GUARD_COMBINATORS = new Set(['not', 'and', 'or']);

const nameOf = (name: ts.PropertyName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;

const isText = (node: ts.Expression): boolean => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** Strips `as const` and `satisfies`, which change nothing the editor reads. */
function bare(node: ts.Expression): ts.Expression {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return bare(node.expression);
  return node;
}

class ConfigCheck {
  readonly problems: string[] = [];

  constructor(
    private readonly file: ts.SourceFile,
    private readonly spawningActions: ReadonlySet<string>,
  ) {}

  private fail(node: ts.Node, what: string): void {
    const { line } = this.file.getLineAndCharacterOfPosition(node.getStart(this.file));
    this.problems.push(`${this.file.fileName}:${line + 1}: ${what}: ${node.getText(this.file).slice(0, 80)}`);
  }

  private object(node: ts.Expression, where: string): ts.ObjectLiteralExpression | null {
    const value = bare(node);
    if (ts.isObjectLiteralExpression(value)) return value;
    this.fail(node, `${where} is not an object literal`);
    return null;
  }

  /** A state node (or the root): its maps, transitions, invocations and entry actions. */
  state(node: ts.Expression, where: string): void {
    const object = this.object(node, where);
    if (object === null) return;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) {
        this.fail(property, `${where} has a spread or shorthand property`);
        continue;
      }
      const key = nameOf(property.name);
      if (key === null) {
        this.fail(property, `${where} has a computed key`);
        continue;
      }
      if (key === 'states') this.map(property.initializer, `${where}.states`, (value, name) => this.state(value, `${where}.${name}`));
      else if (key === 'on' || key === 'after') this.map(property.initializer, `${where}.${key}`, (value, name) => this.transitions(value, `${where} ${name}`));
      else if (TRANSITIONS.has(key)) this.transitions(property.initializer, `${where} ${key}`);
      else if (key === 'invoke') this.invocations(property.initializer, where);
      else if (key === 'initial' || key === 'type' || key === 'id') {
        if (!isText(bare(property.initializer))) this.fail(property.initializer, `${where}.${key} is not a string literal`);
      } else if (key === 'entry') this.entry(property.initializer, where);
    }
  }

  /** `states`, `on` and `after`: a map of names to state nodes or transitions, with no spread, computed or built entry. */
  private map(node: ts.Expression, where: string, each: (value: ts.Expression, name: string) => void): void {
    const object = this.object(node, where);
    if (object === null) return;
    for (const property of object.properties) {
      const key = ts.isPropertyAssignment(property) ? nameOf(property.name) : null;
      if (!ts.isPropertyAssignment(property) || key === null) this.fail(property, `${where} has a spread, shorthand or computed entry`);
      else each(property.initializer, key);
    }
  }

  private transitions(node: ts.Expression, where: string): void {
    const value = bare(node);
    if (isText(value)) return;
    if (ts.isArrayLiteralExpression(value)) {
      for (const element of value.elements) this.transitions(element, where);
      return;
    }
    const object = this.object(value, `the transition of ${where}`);
    if (object === null) return;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) {
        this.fail(property, `the transition of ${where} has a spread or shorthand property`);
        continue;
      }
      const key = nameOf(property.name);
      const initializer = bare(property.initializer);
      if (key === 'target' && !isText(initializer) && !(ts.isArrayLiteralExpression(initializer) && initializer.elements.every((element) => isText(bare(element))))) {
        this.fail(initializer, `the target of ${where} is not a string literal`);
      }
      if (key === 'guard') this.guard(initializer, where);
    }
  }

  private guard(node: ts.Expression, where: string): void {
    if (isText(node)) return;
    if (ts.isObjectLiteralExpression(node)) {
      const type = node.properties.find((property) => ts.isPropertyAssignment(property) && nameOf(property.name) === 'type');
      if (type === undefined || !ts.isPropertyAssignment(type) || !isText(bare(type.initializer))) this.fail(node, `the guard of ${where} has no literal type`);
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && GUARD_COMBINATORS.has(node.expression.text)) {
      // XState's and/or take their guards as one array: each element is a guard too.
      for (const argument of node.arguments) {
        const inner = bare(argument);
        if (ts.isArrayLiteralExpression(inner)) for (const element of inner.elements) this.guard(bare(element), where);
        else this.guard(inner, where);
      }
      return;
    }
    this.fail(node, `the guard of ${where} is neither a name, a { type } object nor not/and/or`);
  }

  private invocations(node: ts.Expression, where: string): void {
    const value = bare(node);
    const each = ts.isArrayLiteralExpression(value) ? value.elements : [value];
    for (const element of each) {
      const object = this.object(element, `an invocation of ${where}`);
      if (object === null) continue;
      for (const property of object.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const key = nameOf(property.name);
        if ((key === 'id' || key === 'src' || key === 'systemId') && !isText(bare(property.initializer))) this.fail(property.initializer, `the ${key} of an invocation of ${where} is not a string literal`);
        if (key !== null && TRANSITIONS.has(key)) this.transitions(property.initializer, `${where} ${key}`);
      }
    }
  }

  /** Children a state always has are invoked: an entry action that spawns one hides it from the editor. */
  private entry(node: ts.Expression, where: string): void {
    const value = bare(node);
    const each = ts.isArrayLiteralExpression(value) ? value.elements.map(bare) : [value];
    for (const action of each) {
      const named = isText(action) ? (action as ts.StringLiteral).text : null;
      const called = ts.isCallExpression(action) && ts.isIdentifier(action.expression) ? action.expression.text : null;
      if ((named !== null && this.spawningActions.has(named)) || called === 'spawnChild') this.fail(action, `${where} spawns a child on entry (invoke it instead)`);
    }
  }
}

/** The named actions of a machine's setup({ actions }) that are spawnChild(...). */
function spawningActionsOf(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isCallExpression(bare(node.initializer))) {
      const call = bare(node.initializer) as ts.CallExpression;
      const key = nameOf(node.name);
      if (ts.isIdentifier(call.expression) && call.expression.text === 'spawnChild' && key !== null) names.add(key);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** The config objects passed to `createMachine(...)` in a file. */
function machineConfigsOf(file: ts.SourceFile): ts.Expression[] {
  const configs: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
      const config = node.arguments[0];
      if (name === 'createMachine' && config !== undefined) configs.push(config);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return configs;
}

const MACHINE_FILES = readdirSync('machines', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `machines/${entry.name}/${entry.name}.machine.ts`)
  .filter((path) => readdirSync(path.slice(0, path.lastIndexOf('/'))).includes(path.slice(path.lastIndexOf('/') + 1)));

function problemsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const configs = machineConfigsOf(file);
  if (configs.length !== 1) return [`${fileName}: expected one createMachine(...) call, found ${configs.length}`];
  const check = new ConfigCheck(file, spawningActionsOf(file));
  check.state(configs[0] as ts.Expression, 'the root');
  return check.problems;
}

describe('machine configs the Stately editor draws', () => {
  it('finds every machine of machines/', () => {
    expect(MACHINE_FILES.length).toBeGreaterThanOrEqual(12);
  });

  for (const path of MACHINE_FILES) {
    it(`${path} is a literal config with its children invoked`, () => {
      expect(problemsOf(path, readFileSync(path, 'utf8'))).toEqual([]);
    });
  }

  it('catches what the editor cannot draw', () => {
    const source = `
      import { setup, spawnChild } from 'xstate';
      const shared = { target: 'b' };
      const names = ['a', 'b'];
      export const m = setup({ actions: { startChild: spawnChild('child') } }).createMachine({
        initial: 'a',
        states: {
          ...Object.fromEntries(names.map((name) => [name, {}])),
          a: { entry: 'startChild', on: { go: shared, back: { target: pick() }, check: { guard: isReady, target: 'b' } } },
          b: { invoke: { id: childId, src: 'child' }, always: [retry('a')] },
        },
      });
    `;
    const problems = problemsOf('sample.machine.ts', source).map((problem) => problem.replace(/^sample\.machine\.ts:\d+: /, '').replace(/: .*$/, ''));
    expect(problems).toEqual([
      'the root.states has a spread, shorthand or computed entry',
      'the root.a spawns a child on entry (invoke it instead)',
      'the transition of the root.a go is not an object literal',
      'the target of the root.a back is not a string literal',
      'the guard of the root.a check is neither a name, a { type } object nor not/and/or',
      'the id of an invocation of the root.b is not a string literal',
      'the transition of the root.b always is not an object literal',
    ]);
  });
});
