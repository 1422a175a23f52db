// Bodies are validated as sent: a wrong JSON type is a field error, never silently converted and stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

describe.each(databaseKinds)('body types (%s)', (kind) => {
  let test: TestApp;
  let access = '';

  beforeAll(async () => {
    test = await startTestApp(kind);
    const { seedDemoData } = await import('#server/seed.ts');
    let password = '';
    await seedDemoData(test.app.ctx, (line) => {
      const found = line.match(/password:\s+(\S+)/);
      if (found?.[1]) password = found[1];
    });
    const login = await test.call('POST', '/auth/login', { email: 'staff@incubadora.example', password });
    access = (login.json() as { access: string }).access;
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each([
    ['a number for a name', { first_name: 42 }, 'first_name'],
    ['a string for a boolean', { postal_same_as_physical: 'true' }, 'postal_same_as_physical'],
    ['an object for a phone', { phone: { number: '787' } }, 'phone'],
    ['a list for a city', { city: ['Ponce'] }, 'city'],
  ])('PATCH /me refuses %s with a field error and changes nothing', async (_label, body, field) => {
    const before = (await test.call('GET', '/me', undefined, bearer(access))).json();
    const response = await test.call('PATCH', '/me', body, bearer(access));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json() as object)).toContain(field);
    expect((await test.call('GET', '/me', undefined, bearer(access))).json()).toEqual(before);
  });

  it('refuses conditions sent as the text "true" at sign-up', async () => {
    const response = await test.call('POST', '/auth/register/', {
      email: 'types@example.com',
      password: 'a-Long-pass-phrase',
      first_name: 'Ana',
      last_name: 'Ortiz',
      language: 'es',
      conditions: 'true',
      captcha: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('conditions');
  });

  it('still reads numbers in query strings', async () => {
    const response = await test.call('GET', '/programs?page=1&page_size=2', undefined, bearer(access));
    expect(response.statusCode).toBe(200);
    expect((response.json() as { page_size: number }).page_size).toBe(2);
  });
});
