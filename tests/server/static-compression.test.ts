// The built SPA goes out compressed: every JS and CSS file (and the page) as brotli or gzip, from the copies the
// build step wrote (scripts/precompress.ts), with the same cache rules as the plain files.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

describe.each(databaseKinds)('compressed SPA files (%s)', (kind) => {
  let test: TestApp;
  let spaDir: string;
  let assets: string[];

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), `<!doctype html><title>Portal</title><div id="root"></div>${'<!-- x -->'.repeat(50)}`);
    writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), `export const words = ${JSON.stringify(Array(400).fill('programa'))};\n`);
    writeFileSync(join(spaDir, 'assets', 'route-def456.js'), 'export default 1;\n');
    writeFileSync(join(spaDir, 'assets', 'index-abc123.css'), `${'.card { padding: 1rem; }\n'.repeat(100)}`);
    await precompressDirectory(spaDir);
    assets = readdirSync(join(spaDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    test = await startTestApp(kind, { env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    test.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends every JS and CSS file as brotli to a browser that accepts it, cached for a year', async () => {
    expect(assets).toHaveLength(3);
    for (const name of assets) {
      const response = await get(`/assets/${name}`, 'gzip, deflate, br, zstd');
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-encoding'], name).toBe('br');
      expect(response.headers['content-type'], name).toMatch(name.endsWith('.js') ? /javascript/ : /^text\/css/);
      expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, name).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).equals(readFileSync(join(spaDir, 'assets', name))), name).toBe(true);
    }
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    for (const name of assets) {
      const zipped = await get(`/assets/${name}`, 'gzip');
      expect(zipped.headers['content-encoding'], name).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).equals(readFileSync(join(spaDir, 'assets', name))), name).toBe(true);
      const plain = await get(`/assets/${name}`);
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.rawPayload.equals(readFileSync(join(spaDir, 'assets', name))), name).toBe(true);
    }
  });

  it('sends the page compressed too, never cached', async () => {
    const page = await get('/', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });
});
