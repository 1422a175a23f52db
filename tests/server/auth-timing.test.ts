// Login timing does not tell whether an e-mail has an account: an unknown e-mail still costs a password hash check.
// What is compared is the CPU time this process spends on each login (the server runs in it, and the hash on its libuv
// threads), medians of interleaved runs: wall-clock time also measured the other processes of a busy machine and the
// database server's disk, and failed on them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { databaseKinds, registerAccount, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/server.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe.each(databaseKinds)('login timing (%s)', (kind) => {
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind);
    account = await registerAccount(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('spends about one password check on an unknown e-mail, as on a known one with a wrong password', async () => {
    const storedHash = await hashPassword('Some-Other-Passw0rd');
    /** Milliseconds of CPU this process spent on `run` (every thread: the hash runs on libuv's). */
    const timed = async (run: () => Promise<unknown>) => {
      const start = process.cpuUsage();
      await run();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    const login = (email: string) => async () => {
      const response = await test.call('POST', '/auth/login', { email, password: 'Wrong-Horse-7-Battery' });
      expect(response.statusCode).toBe(401);
    };
    // Warm up: the first unknown-e-mail login also creates the dummy hash it checks against.
    await login(uniqueEmail('warmup'))();
    await login(account.email)();

    const hashCheck: number[] = [];
    const unknown: number[] = [];
    const known: number[] = [];
    for (let round = 0; round < 11; round += 1) {
      hashCheck.push(await timed(() => verifyPassword(storedHash, 'Wrong-Horse-7-Battery')));
      unknown.push(await timed(login(uniqueEmail('nobody'))));
      known.push(await timed(login(account.email)));
    }
    const summary = `median CPU ms: hash check ${median(hashCheck).toFixed(1)}, unknown e-mail ${median(unknown).toFixed(1)}, known e-mail ${median(known).toFixed(1)}`;
    // Without the dummy check an unknown e-mail answers in a database lookup, a small fraction of a hash check.
    expect(median(unknown), summary).toBeGreaterThan(0.5 * median(hashCheck));
    expect(median(unknown) / median(known), summary).toBeGreaterThan(0.5);
  });
});
