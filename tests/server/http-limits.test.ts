// Slow and oversized requests on a real listening server: trickled bodies and headers are cut off at their timeouts,
// a body over its route's limit answers 413 before it is read, and the connection cap holds.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from '#server/plugins/body-limits.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { createProgram, signUp, type Person } from '../support/applicants.ts';

const BODY_TIMEOUT_MS = 1000;
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 3000;
const MAX_CONNECTIONS = 6;
const MAX_REQUESTS_PER_SOCKET = 3;

interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection, and how long after connecting that was. */
  closed: Promise<{ received: string; elapsedMs: number }>;
}

/** A raw TCP connection that writes `head`, then one byte of `trickle` every `everyMs` until the server closes it. */
function rawRequest(port: number, head: string, trickle?: { everyMs: number }): RawExchange {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    sentSoFar.set(socket, received);
  });
  socket.on('error', () => undefined);
  socket.write(head);
  if (trickle) timer = setInterval(() => socket.writable && socket.write('a'), trickle.everyMs);
  const closed = new Promise<{ received: string; elapsedMs: number }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, elapsedMs: Date.now() - started });
    });
  });
  return { socket, closed };
}

/** What the server has sent on a connection so far. */
const sentSoFar = new WeakMap<Socket, string>();
const receivedSoFar = (exchange: RawExchange) => sentSoFar.get(exchange.socket) ?? '';
const statusOf = (received: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
const bodyOf = (received: string) => received.slice(received.indexOf('\r\n\r\n') + 4);

describe.each(databaseKinds)('request timeouts and limits (%s)', (kind) => {
  let test: TestApp;
  let port: number;
  let ana: Person;
  let applicationId: number;

  beforeAll(async () => {
    test = await startTestApp(kind, {
      env: {
        BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        MAX_REQUESTS_PER_SOCKET: String(MAX_REQUESTS_PER_SOCKET),
      },
    });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as AddressInfo).port;
    ana = await signUp(test);
    const program = await createProgram(test);
    applicationId = (await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json().id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const jsonHead = (path: string, length: number, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it('closes a sign-in whose body trickles in, at the JSON body timeout', async () => {
    const { closed } = rawRequest(port, jsonHead('/api/auth/login', 4000), { everyMs: 100 });
    const { elapsedMs, received } = await closed;
    expect(received).toBe('');
    expect(elapsedMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS);
  }, 30_000);

  it('closes a connection whose headers trickle in, at the headers timeout', async () => {
    const { closed } = rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', { everyMs: 100 });
    const { elapsedMs, received } = await closed;
    expect(elapsedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    if (received) expect(statusOf(received)).toBe(408);
  }, 30_000);

  it("closes a signed-in upload that trickles in, at the whole request's timeout", async () => {
    const head =
      `POST /api/applications/${applicationId}/intake-form HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: ${ana.headers.authorization}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n` +
      `Content-Length: 1000000\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const { closed } = rawRequest(port, head, { everyMs: 100 });
    const { elapsedMs } = await closed;
    expect(elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS * 4);
  }, 60_000);

  it('refuses a 2 GB upload by its Content-Length (413), and an anonymous one (401), without reading the body', async () => {
    const head = (auth: string) =>
      `POST /api/applications/${applicationId}/intake-form HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}` +
      `Content-Type: multipart/form-data; boundary=XyZ\r\nAccept-Language: en\r\nContent-Length: 2147483648\r\n\r\n`;
    const tooLarge = await rawRequest(port, head(`Authorization: ${ana.headers.authorization}\r\n`)).closed;
    expect(statusOf(tooLarge.received)).toBe(413);
    expect(JSON.parse(bodyOf(tooLarge.received))).toEqual({ detail: 'Your file is too large. It must be 20MB or smaller.', code: 'file_too_large' });
    expect(tooLarge.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS);

    const anonymous = await rawRequest(port, head('')).closed;
    expect(statusOf(anonymous.received)).toBe(401);
    expect(JSON.parse(bodyOf(anonymous.received))).toEqual({ detail: 'You must sign in to continue.', code: 'not_authenticated' });
    expect(anonymous.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS);
  }, 30_000);

  it('answers 413 in the error shape for a JSON body over its route limit, and takes a large step draft', async () => {
    const en = { 'accept-language': 'en', 'content-type': 'application/json' };
    const tooLarge = { detail: 'The request is too large.', code: 'too_large' };
    const login = await test.call('POST', '/auth/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(bodyLimits.anonymous) }), en);
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual(tooLarge);
    const me = await test.call('PATCH', '/me', JSON.stringify({ city: 'x'.repeat(bodyLimits.json) }), { ...en, ...ana.headers });
    expect(me.statusCode).toBe(413);
    expect(me.json()).toEqual(tooLarge);
    // A step draft may be larger than other calls: 200 KB is read and judged by its content, not refused for its size.
    const draft = JSON.stringify({ version: 0, data: { description: 'x'.repeat(200_000) } });
    const step = await test.call('PUT', `/applications/${applicationId}/steps/1`, draft, { ...en, ...ana.headers });
    expect([200, 400], step.body.slice(0, 200)).toContain(step.statusCode);
  });

  it(`asks a client to reconnect after ${MAX_REQUESTS_PER_SOCKET} requests on one connection`, async () => {
    const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const { socket, closed } = rawRequest(port, health.repeat(MAX_REQUESTS_PER_SOCKET));
    let received = '';
    await new Promise<void>((resolve) =>
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.split('HTTP/1.1 ').length > MAX_REQUESTS_PER_SOCKET) resolve();
      }),
    );
    socket.destroy();
    await closed;
    const answers = received.split('HTTP/1.1 ').slice(1);
    expect(answers.map((answer) => Number(answer.slice(0, 3)))).toEqual([200, 200, 200]);
    expect(answers.map((answer) => /\r\nconnection: ([\w-]+)/i.exec(answer)?.[1]?.toLowerCase())).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it(`holds at most ${MAX_CONNECTIONS} connections, and serves again once they close`, async () => {
    const held = Array.from({ length: MAX_CONNECTIONS }, () => rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n'));
    await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
    const refused = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n').closed;
    expect(refused.received).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    // The server counts its connections down as it sees them close: ask until it answers.
    for (let attempt = 0; ; attempt += 1) {
      const served = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n').closed;
      if (statusOf(served.received) === 200) break;
      expect(attempt).toBeLessThan(50);
    }
  }, 30_000);
});

describe('closing the server', () => {
  it('ends keep-alive connections once their request is answered, without waiting for their timeout', async () => {
    // A keep-alive timeout longer than this test's own: a close that waited for it would fail the test.
    const test = await startTestApp('pglite', { env: { KEEP_ALIVE_TIMEOUT_MS: '600000', REQUEST_TIMEOUT_MS: '600000' } });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (test.app.server.address() as AddressInfo).port;
    // One connection idle after its answer (through the liveness server), one whose request is still running when
    // the close begins: a sign-in whose body has not all arrived.
    const idle = rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => statusOf(receivedSoFar(idle))).toBe(200);
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password' });
    // The server has the request (its listener runs after the app's, which routed it) before the close begins.
    const received = new Promise((resolve) => test.app.server.once('request', resolve));
    const running = rawRequest(port, `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    await received;
    const closing = test.close();
    // The idle connection goes at once; the running request is answered, then its connection goes too.
    const idleEnd = await idle.closed;
    expect(statusOf(idleEnd.received)).toBe(200);
    running.socket.write(body);
    const runningEnd = await running.closed;
    expect(statusOf(runningEnd.received)).toBe(401);
    await closing;
  }, 60_000);
});
