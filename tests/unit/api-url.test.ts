// The API base URL: same origin by default, http upgraded to https except on loopback (docs/product.md section 11).
import { describe, expect, it } from 'vitest';
import { resolveApiBaseUrl } from '#api/client';

describe('resolveApiBaseUrl', () => {
  it('defaults to same-origin /api when VITE_API_URL is unset or blank', () => {
    expect(resolveApiBaseUrl(undefined)).toBe('/api');
    expect(resolveApiBaseUrl('')).toBe('/api');
    expect(resolveApiBaseUrl('   ')).toBe('/api');
  });

  it('upgrades http to https for a public host', () => {
    expect(resolveApiBaseUrl('http://api.example.org/api')).toBe('https://api.example.org/api');
    expect(resolveApiBaseUrl('HTTP://api.example.org:8080/v1/')).toBe('https://api.example.org:8080/v1');
  });

  it('keeps http on loopback: localhost, 127.0.0.1 and [::1]', () => {
    expect(resolveApiBaseUrl('http://localhost:3001/api')).toBe('http://localhost:3001/api');
    expect(resolveApiBaseUrl('http://127.0.0.1:3001/api')).toBe('http://127.0.0.1:3001/api');
    expect(resolveApiBaseUrl('http://[::1]:3001/api')).toBe('http://[::1]:3001/api');
  });

  it('does not treat a host that merely starts with localhost as loopback', () => {
    expect(resolveApiBaseUrl('http://localhost.evil.example/api')).toBe('https://localhost.evil.example/api');
    expect(resolveApiBaseUrl('http://127.0.0.1.nip.io/api')).toBe('https://127.0.0.1.nip.io/api');
  });

  it('leaves https and relative addresses alone, without a trailing slash', () => {
    expect(resolveApiBaseUrl('https://api.example.org/api/')).toBe('https://api.example.org/api');
    expect(resolveApiBaseUrl('/backend/')).toBe('/backend');
  });
});
