// After sign-in the login page returns to `next`, but only to a page of this site.
import { describe, expect, it } from 'vitest';
import { homeFor, loginHref, safeNext } from '#lib/paths';

describe('safeNext', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeNext('/panel/programs/my?page=2#top')).toBe('/panel/programs/my?page=2#top');
  });

  it('refuses absolute, protocol-relative and backslash addresses', () => {
    expect(safeNext('https://evil.example/')).toBeNull();
    expect(safeNext('//evil.example/panel')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('/\t/evil.example')).toBeNull();
    expect(safeNext('javascript:alert(1)')).toBeNull();
  });

  it('refuses nothing, and the login page itself', () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext('')).toBeNull();
    expect(safeNext('/login?next=/panel')).toBeNull();
  });
});

describe('loginHref and homeFor', () => {
  it('carries the asked page in next', () => {
    expect(loginHref('/panel/programs')).toBe('/login?next=%2Fpanel%2Fprograms');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('//evil.example')).toBe('/login');
  });

  it('sends staff to /admin and everyone else to /panel', () => {
    expect(homeFor(true)).toBe('/admin');
    expect(homeFor(false)).toBe('/panel');
  });
});
