// A spec's own server, for a spec that stops the server and starts it again: tests/e2e/support/serve.ts in a child
// process on two ports free now, over a data folder (embedded database and files) that outlives the stop. Only this
// child is ever stopped, by its own process id: never the run's shared server, never anyone else's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from './ports.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** How long a start may take on a busy machine (migrations on a fresh folder, the seed) before the spec fails. */
const START_MS = 120_000;

export class OwnServer {
  readonly baseURL: string;
  private readonly sideURL: string;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-own-'));
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(
    private readonly port: number,
    private readonly sidePort: number,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
    this.sideURL = `http://127.0.0.1:${sidePort}`;
  }

  /** A server of the spec's own, started and answering. */
  static async started(): Promise<OwnServer> {
    const [port, sidePort] = freePorts();
    const server = new OwnServer(port, sidePort);
    await server.start().catch(async (error: unknown) => {
      await server.dispose();
      throw error;
    });
    return server;
  }

  /** Starts the server (again) over the same data folder; resolves once it answers its health check. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the own server is already running');
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/e2e/support/serve.ts')], {
      cwd: root,
      env: { ...process.env, E2E_PORT: String(this.port), E2E_SIDE_PORT: String(this.sidePort), E2E_DATA_DIR: this.dataDir },
      // Its standard input is a pipe from this process: when this process ends, the server ends too (serve.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-4_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const until = Date.now() + START_MS;
    // Polls the health check: the server answers it once it listens (after its migrations and seed).
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the own server exited (${child.exitCode}): ${this.output}`);
      const answered = await fetch(`${this.baseURL}/api/health`).then((response) => response.ok, () => false);
      if (answered) return;
      if (Date.now() > until) throw new Error(`the own server did not answer in ${START_MS} ms: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the server as an operator would (SIGTERM: it closes its database and files) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** TEST ONLY: the side door's program of the test's own (tests/e2e/support/serve.ts `createProgram`). */
  async createProgram(name: string, subProgram: string): Promise<number> {
    const query = new URLSearchParams({ name, name_en: name, sub_program: subProgram });
    const response = await fetch(`${this.sideURL}/program?${query.toString()}`, { method: 'POST' });
    if (!response.ok) throw new Error(`side door /program: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
