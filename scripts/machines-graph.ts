// Writes each machine's chart as Mermaid (stateDiagram-v2) into docs/machines/<machine>.md, drawn from the machine
// objects themselves (their state nodes, transitions, guards and invocations), so a reader sees every workflow without
// pasting it into the Stately editor. `npm run machines:graph` after changing a machine; tests/unit/machines-graph.test.ts
// fails when a committed chart is out of date.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { adminActionMachine } from '#machines/admin-action/admin-action.machine.ts';
import { applicationMachine } from '#machines/application/application.machine.ts';
import { attendanceMachine } from '#machines/attendance/attendance.machine.ts';
import { autosaveMachine } from '#machines/autosave/autosave.machine.ts';
import { bulkReviewMachine } from '#machines/bulk-review/bulk-review.machine.ts';
import { documentsMachine } from '#machines/documents/documents.machine.ts';
import { driveMachine } from '#machines/drive/drive.machine.ts';
import { registrationMachine } from '#machines/registration/registration.machine.ts';
import { reviewMachine } from '#machines/review/review.machine.ts';
import { enrolmentMachine } from '#machines/second-factor/enrolment.machine.ts';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine.ts';
import { passkeysMachine } from '#machines/second-factor/passkeys.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { signatureMachine } from '#machines/signature/signature.machine.ts';
import { stepMachine } from '#machines/step/step.machine.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';

/** Every machine of machines/, by its folder name, and its file's where a folder holds two (the chart's file name). */
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  'admin-action': adminActionMachine,
  application: applicationMachine,
  attendance: attendanceMachine,
  autosave: autosaveMachine,
  'bulk-review': bulkReviewMachine,
  documents: documentsMachine,
  drive: driveMachine,
  registration: registrationMachine,
  review: reviewMachine,
  'second-factor-enrolment': enrolmentMachine,
  'second-factor-sign-in-step': signInStepMachine,
  'second-factor-passkeys': passkeysMachine,
  session: sessionMachine,
  signature: signatureMachine,
  step: stepMachine,
  upload: uploadMachine,
};

/** Where a machine's chart is written, relative to the repository root. */
export const chartPath = (name: string): string => `docs/machines/${name}.md`;

/**
 * Mermaid ids: the state's path, `__` between levels (state keys may hold one `_`, never two). The root is drawn only
 * when it has transitions of its own, as a node "any state": they are taken whatever the state.
 */
const ROOT_ID = 'any_state';
const idOf = (node: AnyStateNode): string => (node.path.length === 0 ? ROOT_ID : node.path.join('__'));

/** A guard as the config names it: `name`, the combinators as `!a`, `a && b`, `a || b`, an inline function by its name. */
function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    if (inner !== undefined) {
      const parts = inner.map(guardLabel);
      if (guard.name === 'not') return `!${parts.join('')}`;
      return parts.join(guard.name === 'and' ? ' && ' : ' || ');
    }
    return guard.name === '' ? 'inline guard' : guard.name;
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

/** The event a transition waits for, as a reader knows it: delays as `after <ms>`, eventless ones as `always`. */
function eventLabel(transition: AnyTransitionDefinition): string {
  const type = String(transition.eventType);
  if (type === '') return 'always';
  const delay = (transition as { delay?: unknown }).delay;
  if (type.startsWith('xstate.after.')) return `after ${typeof delay === 'number' ? `${delay} ms` : String(delay)}`;
  return type;
}

/** Mermaid ends a label at `;` and reads `:` and `#` specially: none of them carries meaning in an event or guard name. */
const safe = (text: string): string => text.replace(/[;:#]/g, ' ');

function label(transition: AnyTransitionDefinition): string {
  const guard = transition.guard === undefined ? '' : ` [${guardLabel(transition.guard)}]`;
  return safe(`${eventLabel(transition)}${guard}`);
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states as Record<string, AnyStateNode>);

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.always ?? [], ...[...node.transitions.values()].flat()];
}

/** The children a state invokes: their id, and their logic when it is named otherwise. */
const invokedOf = (node: AnyStateNode): Array<{ id: string; src: string }> =>
  node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : invoke.id }));
const invokedText = ({ id, src }: { id: string; src: string }): string => (src === id ? id : `${id} (${src})`);
/** In the table, a child that is one of our machines links to its own chart. */
const invokedLink = ({ id, src }: { id: string; src: string }): string =>
  src in MACHINES ? `${id} ([${src}](${src}.md))` : invokedText({ id, src });

/** The nested `state` blocks: every state declared with its key as its label, its initial and final edges inside. */
function declare(node: AnyStateNode, indent: string, lines: string[]): void {
  for (const child of childrenOf(node)) {
    const id = idOf(child);
    if (child.type === 'compound') {
      lines.push(`${indent}state "${child.key}" as ${id} {`);
      lines.push(`${indent}  [*] --> ${idOf(child.initial.target[0] as AnyStateNode)}`);
      declare(child, `${indent}  `, lines);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${id}`);
      for (const invoked of invokedOf(child)) lines.push(`${indent}${id} : invokes ${invokedText(invoked)}`);
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    }
  }
}

/** Transitions that enter a state (or re-enter their own), each once per target, in the machine's order. */
function edges(node: AnyStateNode, lines: string[]): void {
  for (const transition of transitionsOf(node)) {
    for (const target of transition.target ?? []) lines.push(`  ${idOf(node)} --> ${idOf(target as AnyStateNode)}: ${label(transition)}`);
  }
  for (const child of childrenOf(node)) edges(child, lines);
}

/** Rows for what a diagram cannot show well: the children a state invokes, and events handled without leaving it. */
function tableRows(node: AnyStateNode, rows: { invoked: string[]; kept: string[] }): void {
  const name = node.path.length === 0 ? `(${node.machine.id}, every state)` : node.path.join('.');
  for (const invoked of invokedOf(node)) rows.invoked.push(`| ${name} | ${invokedLink(invoked)} |`);
  for (const transition of transitionsOf(node)) {
    if (transition.target === undefined) {
      const actions = transition.actions.map((action) => (typeof action === 'string' ? action : typeof action === 'object' && action !== null && 'type' in action ? String(action.type) : 'inline')).join(', ');
      rows.kept.push(`| ${name} | ${label(transition)} | ${actions === '' ? '(ignored)' : actions} |`);
    }
  }
  for (const child of childrenOf(node)) tableRows(child, rows);
}

/** The Markdown file of one machine: its description, the Mermaid chart, and the two tables. */
export function renderChart(name: string, machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  lines.push(`  [*] --> ${idOf(root.initial.target[0] as AnyStateNode)}`);
  if (transitionsOf(root).some((transition) => transition.target !== undefined)) lines.push(`  state "any state" as ${ROOT_ID}`);
  declare(root, '  ', lines);
  edges(root, lines);
  const rows = { invoked: [] as string[], kept: [] as string[] };
  tableRows(root, rows);
  const out = [
    `# The ${machine.id} machine`,
    '',
    `<!-- Generated by \`npm run machines:graph\` from machines/${name}/${name}.machine.ts (scripts/machines-graph.ts): do not edit. -->`,
    '',
    root.description ?? '',
    '',
    'Events are written as the machine receives them: `xstate.done.actor.<id>` and `xstate.error.actor.<id>` are the',
    'answers of an invoked child, `always` an eventless transition; `[guard]` names the guard that must hold.',
    '',
    '```mermaid',
    ...lines,
    '```',
    '',
  ];
  if (rows.invoked.length > 0) out.push('## Invoked children', '', '| State | Child (id, and its logic when named otherwise; our machines link to their chart) |', '| --- | --- |', ...rows.invoked, '');
  if (rows.kept.length > 0) out.push('## Events handled without leaving the state', '', '| State | Event [guard] | Actions |', '| --- | --- | --- |', ...rows.kept, '');
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(fileURLToPath(new URL('../docs/machines/', import.meta.url)), { recursive: true });
  for (const [name, machine] of Object.entries(MACHINES)) {
    writeFileSync(fileURLToPath(new URL(`../${chartPath(name)}`, import.meta.url)), renderChart(name, machine));
    console.log(`wrote ${chartPath(name)}`);
  }
}
