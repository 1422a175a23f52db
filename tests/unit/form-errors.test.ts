// Server error bodies become messages on fields and in the form's error summary, and none is dropped.
import { describe, expect, it } from 'vitest';
import { hasFieldErrors, toFormErrors } from '#lib/form-errors';

const fallback = 'Try Again Later';

describe('toFormErrors', () => {
  it('puts field errors on the fields the form has, the rest on the form', () => {
    const body = { email: ['A user with this email already exists'], captcha: ['Captcha is invalid or expired'], age: ['x'] };
    expect(toFormErrors(body, ['email', 'captcha'], fallback)).toEqual({
      form: ['x'],
      fields: { email: ['A user with this email already exists'], captcha: ['Captcha is invalid or expired'] },
    });
  });

  it('puts detail, non_field_errors and bare arrays on the form, and ignores code', () => {
    expect(toFormErrors({ detail: 'Too many attempts.', code: 'throttled' }, [], fallback)).toEqual({
      form: ['Too many attempts.'],
      fields: {},
    });
    expect(toFormErrors({ non_field_errors: ['Conditions must be accepted'] }, [], fallback).form).toEqual([
      'Conditions must be accepted',
    ]);
    expect(toFormErrors(['One', 'Two'], [], fallback).form).toEqual(['One', 'Two']);
  });

  it("keeps the message ids of a body's `messages` in place of its texts, so they can be worded in any language", () => {
    const body = {
      non_field_errors: ['Check that all data have been entered.'],
      email: ['This field is required.'],
      code: 'invalid',
      messages: { non_field_errors: [{ id: 'api.application.incomplete' }], email: [{ id: 'api.field.required' }], other: [{ id: 'api.field.invalid' }] },
    };
    expect(toFormErrors(body, ['email'], fallback)).toEqual({
      form: [{ id: 'api.application.incomplete' }, { id: 'api.field.invalid' }],
      fields: { email: [{ id: 'api.field.required' }] },
    });
    expect(hasFieldErrors({ code: 'invalid', messages: { email: [{ id: 'api.field.required' }] } })).toBe(true);
  });

  it('falls back to Try Again Later when the body says nothing usable', () => {
    expect(toFormErrors(undefined, ['email'], fallback)).toEqual({ form: [fallback], fields: {} });
    expect(toFormErrors({ email: [] }, ['email'], fallback)).toEqual({ form: [fallback], fields: {} });
  });
});

describe('hasFieldErrors', () => {
  it('is true only when some key names a field', () => {
    expect(hasFieldErrors({ token: ['The password reset link is invalid or has expired.'] })).toBe(true);
    expect(hasFieldErrors({ detail: 'x', code: 'y', non_field_errors: ['z'] })).toBe(false);
    expect(hasFieldErrors(['x'])).toBe(false);
    expect(hasFieldErrors(undefined)).toBe(false);
  });
});
