// Fails when a file of the SPA starts a workflow actor itself (docs/decisions/059-page-actors-in-the-session.md): every
// machine runs in the session's actor system, and views open theirs with usePageActor (src/lib/use-page-actor.ts).
// The scan parses each file (the TypeScript parser, not a regular expression) for calls of useActorRef, useMachine
// and createActor, bare or through a namespace, and lets through only the files named below with their reason.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const STARTERS = new Set(['useActorRef', 'useMachine', 'createActor']);

/** The only files of src/ that start an actor, and why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/app/session.ts': 'creates the one session actor of the app, the root of the actor system',
  'src/app/PrerenderedApp.tsx': 'creates the session actor of one prerendered page (a build-time render)',
  'src/features/application/hooks/use-application-workspace.ts': 'the application actor (its workspace), reworked on its own',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Each call of an actor starter in a file, as `name:line`. */
function starts(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (name !== null && STARTERS.has(name)) found.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Parsing every file of src/ takes about ten seconds on a busy two-core machine: more than Vitest's default 5 s.
describe('one actor system: no view starts a workflow actor', { timeout: 60_000 }, () => {
  it('finds useActorRef, useMachine and createActor only in the allowed files of src/', () => {
    const offenders = sourceFiles('src')
      .filter((path) => !(path in ALLOWED))
      .flatMap((path) => starts(path).map((call) => `${path}:${call.slice(call.indexOf(':') + 1)} calls ${call.slice(0, call.indexOf(':'))} (open it with usePageActor instead)`));
    expect(offenders).toEqual([]);
  });

  it('each allowed file still starts an actor (a stale entry would hide a new one)', () => {
    for (const path of Object.keys(ALLOWED)) expect(starts(path), path).not.toEqual([]);
  });

  it('catches every way of starting one in a planted file', () => {
    expect(starts('tests/unit/fixtures/PlantedPage.tsx')).toEqual(['useActorRef:9', 'useMachine:10', 'useActorRef:11', 'createActor:12']);
  });
});
