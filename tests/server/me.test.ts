// The signed-in person's information: GET/PATCH /me with every Person field of docs/product.md section 3, and PUT /me/ssn,
// which keeps only the last 4 digits of the SSN and shows them masked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  bearer,
  databaseKinds,
  registerAccount,
  signIn,
  startTestApp,
  uniqueEmail,
  type Account,
  type TestApp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('GET/PATCH /me and PUT /me/ssn (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => {
    await test?.close();
  });

  /** A new account, signed in: its id, credentials and bearer header (asking for English; `spanish` asks nothing). */
  async function person(fields: Parameters<typeof registerAccount>[1] = {}) {
    const account = await registerAccount(test, fields);
    const session = await signIn(test, account);
    return { ...account, auth: { ...bearer(session.access), ...en }, spanish: bearer(session.access) };
  }
  const patch = (auth: Record<string, string>, body: unknown) => test.call('PATCH', '/me', body, auth);
  const getMe = async (auth: Record<string, string>) => {
    const response = await test.call('GET', '/me', undefined, auth);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const row = async (id: number) => (await test.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

  it('shows a new account with its names, e-mail and language, and every other field empty', async () => {
    const me = await person({ first_name: 'Ana', last_name: 'Rivera', language: 'en' });
    expect(await getMe(me.auth)).toEqual({
      id: me.id,
      email: me.email,
      first_name: 'Ana',
      last_name: 'Rivera',
      gender: null,
      phone: '',
      country: '',
      state: '',
      city: '',
      postal_code: '',
      street_address: '',
      physical_line1: '',
      physical_line2: '',
      postal_line1: '',
      postal_line2: '',
      postal_same_as_physical: false,
      language: 'en',
      is_staff: false,
      ssn_last4_masked: null,
    });
  });

  it('changes every Person field at once and keeps them', async () => {
    const me = await person();
    const change = {
      first_name: 'José Luis',
      last_name: 'Pérez-Ñúñez',
      gender: 'non_binary',
      phone: '+1 (787) 555-0134',
      country: 'Puerto Rico',
      state: 'PR',
      city: 'Mayagüez',
      postal_code: '00680',
      street_address: 'Calle Méndez Vigo 12',
      physical_line1: 'Calle Méndez Vigo 12',
      physical_line2: 'Apt. 3B',
      postal_line1: 'PO Box 9021',
      postal_line2: 'Mayagüez PR 00681',
      postal_same_as_physical: false,
      language: 'en',
    };
    const response = await patch(me.auth, change);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...change, email: me.email, id: me.id, is_staff: false, ssn_last4_masked: null });
    expect(await getMe(me.auth)).toEqual(response.json());
  });

  it('changes only what is sent', async () => {
    const me = await person({ first_name: 'Ana' });
    await patch(me.auth, { city: 'Ponce', phone: '787-555-0101' });
    const after = await (await patch(me.auth, { city: 'Caguas' })).json();
    expect(after).toMatchObject({ first_name: 'Ana', city: 'Caguas', phone: '787-555-0101' });
  });

  it.each(['female', 'male', 'non_binary', 'prefer_not_to_say'])('accepts the gender option %s', async (gender) => {
    const me = await person();
    expect((await patch(me.auth, { gender })).json().gender).toBe(gender);
    expect((await getMe(me.auth)).gender).toBe(gender);
  });

  it('refuses a gender outside the four options, and clears it with null', async () => {
    const me = await person();
    await patch(me.auth, { gender: 'female' });
    for (const gender of ['other', 'Female', 'F', 1]) {
      const refused = await patch(me.auth, { gender });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().gender?.[0]).toBe('Select a valid choice.');
    }
    expect((await getMe(me.auth)).gender).toBe('female');
    expect((await patch(me.auth, { gender: null })).json().gender).toBeNull();
  });

  it('copies the physical street lines to the postal ones when the postal address is the same', async () => {
    const me = await person();
    await patch(me.auth, { physical_line1: 'Calle Sol 5', physical_line2: 'Urb. Las Lomas', postal_line1: 'PO Box 1', postal_line2: 'Old' });
    const same = (await patch(me.auth, { postal_same_as_physical: true })).json();
    expect(same).toMatchObject({ postal_same_as_physical: true, postal_line1: 'Calle Sol 5', postal_line2: 'Urb. Las Lomas' });

    // Sent together, the physical lines of the same request are the ones copied.
    const moved = (await patch(me.auth, { postal_same_as_physical: true, physical_line1: 'Calle Luna 9', physical_line2: '' })).json();
    expect(moved).toMatchObject({ postal_line1: 'Calle Luna 9', postal_line2: '' });

    const row1 = await row(me.id);
    expect([row1?.postal_line1, row1?.postal_line2]).toEqual(['Calle Luna 9', '']);
  });

  it('keeps the postal address following the physical one while the flag is on, and lets it go when turned off', async () => {
    const me = await person();
    await patch(me.auth, { physical_line1: 'Calle Sol 5', postal_same_as_physical: true });
    // The person moves: only the physical address is edited; the postal one, "the same", follows.
    const moved = (await patch(me.auth, { physical_line1: 'Calle Luna 9', physical_line2: 'Bo. Obrero' })).json();
    expect(moved).toMatchObject({ postal_same_as_physical: true, postal_line1: 'Calle Luna 9', postal_line2: 'Bo. Obrero' });

    const apart = (await patch(me.auth, { postal_same_as_physical: false, postal_line1: 'PO Box 77', postal_line2: '' })).json();
    expect(apart).toMatchObject({ postal_same_as_physical: false, physical_line1: 'Calle Luna 9', postal_line1: 'PO Box 77' });
    const later = (await patch(me.auth, { physical_line1: 'Calle Estrella 1' })).json();
    expect(later).toMatchObject({ physical_line1: 'Calle Estrella 1', postal_line1: 'PO Box 77' });
  });

  it('changes the preferred language, which the next sign-in reports', async () => {
    const me = await person({ language: 'es' });
    expect((await patch(me.auth, { language: 'en' })).json().language).toBe('en');
    expect((await signIn(test, me)).language).toBe('en');
    const refused = await patch(me.auth, { language: 'pt' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ language: ['Select a valid choice.'], code: 'invalid' });
  });

  it('does not change the sign-in e-mail: a field PATCH /me refuses, the same for a taken address and a free one', async () => {
    // The e-mail changes through POST /me/email, with the password and a link (tests/server/me-email.test.ts).
    const other = await registerAccount(test);
    const me = await person();
    const answers = [await patch(me.auth, { email: uniqueEmail('new-address') }), await patch(me.auth, { email: other.email.toUpperCase() })];
    for (const refused of answers) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ email: ['This field is not allowed.'], code: 'invalid' });
    }
    expect(answers[0]!.body).toBe(answers[1]!.body);
    const spanish = await test.call('PATCH', '/me', { email: other.email }, me.spanish);
    expect(spanish.json()).toEqual({ email: ['Este campo no está permitido.'], code: 'invalid' });
    expect((await getMe(me.auth)).email).toBe(me.email);
    expect((await signIn(test, me)).id).toBe(me.id);
  });

  it('refuses blank names and values over their length', async () => {
    const me = await person({ first_name: 'Ana' });
    expect((await patch(me.auth, { first_name: '   ' })).json()).toEqual({ first_name: ['This field is required.'], code: 'invalid' });
    expect((await patch(me.auth, { last_name: '' })).json()).toEqual({ last_name: ['This field is required.'], code: 'invalid' });
    // Every rule a value breaks is named at once (too long, and not a phone number).
    expect((await patch(me.auth, { phone: '5'.repeat(33) })).json()).toEqual({
      phone: ['Ensure this field has no more than 32 characters.', 'Enter a phone number with 7 to 15 digits, for example 787-555-0123.'],
      code: 'invalid',
    });
    expect((await patch(me.auth, { postal_code: '0'.repeat(21) })).statusCode).toBe(400);
    expect((await getMe(me.auth)).first_name).toBe('Ana');
  });

  it('trims the names it keeps', async () => {
    const me = await person();
    const after = (await patch(me.auth, { first_name: '  Ana María ', last_name: ' de Jesús  ' })).json();
    expect(after).toMatchObject({ first_name: 'Ana María', last_name: 'de Jesús' });
  });

  it('cannot make anyone staff: is_staff (and id) in a PATCH are refused as fields it does not take, and nothing is kept', async () => {
    const me = await person();
    const response = await patch(me.auth, { is_staff: true, id: me.id + 1, city: 'Arecibo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ is_staff: ['This field is not allowed.'], id: ['This field is not allowed.'], code: 'invalid' });
    expect((await getMe(me.auth)).city).not.toBe('Arecibo');
    expect((await getMe(me.auth)).is_staff).toBe(false);
    expect((await row(me.id))?.is_staff).toBe(false);
    expect((await signIn(test, me)).is_staff).toBe(false);
    const onlyStaff = await patch(me.auth, { is_staff: true });
    expect(onlyStaff.statusCode).toBe(400);
    expect((await row(me.id))?.is_staff).toBe(false);
  });

  it('answers 401 without a valid bearer token, and changes nothing', async () => {
    const me = await person({ first_name: 'Ana' });
    expect((await test.call('GET', '/me')).statusCode).toBe(401);
    expect((await test.call('PATCH', '/me', { first_name: 'Mallory' })).statusCode).toBe(401);
    expect((await test.call('PATCH', '/me', { first_name: 'Mallory' }, { authorization: 'Bearer forged.token.value' })).statusCode).toBe(401);
    expect((await test.call('PUT', '/me/ssn', { ssn_last4: '1111' })).statusCode).toBe(401);
    expect((await getMe(me.auth)).first_name).toBe('Ana');
  });

  describe('PUT /me/ssn', () => {
    let me: Account & { auth: Record<string, string>; spanish: Record<string, string> };

    beforeAll(async () => {
      me = await person();
    });

    it('keeps exactly the 4 digits given and shows them masked, on /me too', async () => {
      const response = await test.call('PUT', '/me/ssn', { ssn_last4: '1234' }, me.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ssn_last4_masked: '***-**-1234' });
      expect((await row(me.id))?.ssn_last4).toBe('1234');
      const shown = await getMe(me.auth);
      expect(shown.ssn_last4_masked).toBe('***-**-1234');
      expect(shown).not.toHaveProperty('ssn_last4');
    });

    it.each([
      ['123', 'Enter exactly the last 4 digits.'],
      ['12345', 'Enter exactly the last 4 digits.'],
      ['12a4', 'Enter exactly the last 4 digits.'],
      ['123-45-6789', 'Enter exactly the last 4 digits.'],
      ['123456789', 'Enter exactly the last 4 digits.'],
      [' 1234', 'Enter exactly the last 4 digits.'],
      ['１２３４', 'Enter exactly the last 4 digits.'],
      // Nothing given reads as missing (shared/validation/field-messages.ts).
      ['', 'This field is required.'],
    ])(
      'refuses %j without storing any of it',
      async (ssn, message) => {
        await test.call('PUT', '/me/ssn', { ssn_last4: '1234' }, me.auth);
        const refused = await test.call('PUT', '/me/ssn', { ssn_last4: ssn }, me.auth);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ ssn_last4: [message], code: 'invalid' });
        expect((await row(me.id))?.ssn_last4).toBe('1234');
        expect((await getMe(me.auth)).ssn_last4_masked).toBe('***-**-1234');
      },
    );

    it('replaces the digits, answers in Spanish by default and refuses a missing value', async () => {
      const spanish = await test.call('PUT', '/me/ssn', { ssn_last4: '12-3' }, me.spanish);
      expect(spanish.json()).toEqual({ ssn_last4: ['Escriba exactamente los últimos 4 dígitos.'], code: 'invalid' });
      expect((await test.call('PUT', '/me/ssn', { ssn_last4: '0042' }, me.auth)).json()).toEqual({ ssn_last4_masked: '***-**-0042' });
      expect((await row(me.id))?.ssn_last4).toBe('0042');
      expect((await test.call('PUT', '/me/ssn', {}, me.auth)).json()).toEqual({ ssn_last4: ['This field is required.'], code: 'invalid' });
    });

    it('cannot be set through PATCH /me', async () => {
      await test.call('PUT', '/me/ssn', { ssn_last4: '5678' }, me.auth);
      const response = await patch(me.auth, { ssn_last4: '123-45-6789', ssn_last4_masked: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ssn_last4: ['This field is not allowed.'], code: 'invalid' });
      expect((await row(me.id))?.ssn_last4).toBe('5678');
    });
  });
});
