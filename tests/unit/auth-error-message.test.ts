// docs/product.md section 8: which message a failed login / reset request / reset confirmation shows, branch by branch.
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '#features/auth/error-message';

const fallback = 'Try Again Later';

describe('authErrorMessage', () => {
  it('shows the first item of an array response', () => {
    expect(authErrorMessage(['First problem', 'Second problem'], fallback)).toBe('First problem');
  });

  it('prefers the array item over anything else', () => {
    // An array cannot carry other keys, but a nested detail must not leak in either.
    expect(authErrorMessage(['Only this'], fallback)).toBe('Only this');
  });

  it('shows the first non_field_errors entry when the body is not an array', () => {
    expect(
      authErrorMessage({ non_field_errors: ['Form-wide one', 'Form-wide two'], detail: 'Detail text' }, fallback),
    ).toBe('Form-wide one');
  });

  it('shows detail when there is no array and no non_field_errors', () => {
    expect(authErrorMessage({ detail: 'No active account found with the given credentials' }, fallback)).toBe(
      'No active account found with the given credentials',
    );
  });

  it('skips an empty non_field_errors list and uses detail', () => {
    expect(authErrorMessage({ non_field_errors: [], detail: 'Detail text' }, fallback)).toBe('Detail text');
  });

  it('shows the first field message when the server names fields and nothing else', () => {
    expect(authErrorMessage({ email: ['Enter a valid email address.'], code: 'validation_error' }, fallback)).toBe(
      'Enter a valid email address.',
    );
    expect(
      authErrorMessage({ password: ['This password is too common.', 'Second'], email: ['Later field'] }, fallback),
    ).toBe('This password is too common.');
  });

  it('prefers detail and non_field_errors over a field message', () => {
    expect(authErrorMessage({ email: ['Field'], detail: 'Detail text' }, fallback)).toBe('Detail text');
    expect(authErrorMessage({ email: ['Field'], non_field_errors: ['Form-wide'] }, fallback)).toBe('Form-wide');
  });

  it('skips fields without a message and falls back when none has one', () => {
    expect(authErrorMessage({ email: [], password: ['Too short'] }, fallback)).toBe('Too short');
    expect(authErrorMessage({ email: [], password: [42], code: 'validation_error' }, fallback)).toBe(fallback);
  });

  it('falls back to Try Again Later when there is no body (network failure)', () => {
    expect(authErrorMessage(undefined, fallback)).toBe(fallback);
    expect(authErrorMessage(null, fallback)).toBe(fallback);
  });

  it('falls back to Try Again Later for an empty array, a string or a non-string detail', () => {
    expect(authErrorMessage([], fallback)).toBe(fallback);
    expect(authErrorMessage('<html>502 Bad Gateway</html>', fallback)).toBe(fallback);
    expect(authErrorMessage({ detail: 42 }, fallback)).toBe(fallback);
    expect(authErrorMessage([{ detail: 'not a string' }], fallback)).toBe(fallback);
  });
});
