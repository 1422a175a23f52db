// The terms page reads its whole text from one message (docs/decisions/017-account-dead-ends.md): headings, lists
// and paragraphs come from plain-text conventions, so staff edit locales/*.json only; both catalogues parse.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { termsBlocks } from '#features/legal/components/TermsPage';
import { loginStateEmail } from '#lib/paths';

const catalogue = (locale: 'es' | 'en') =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('termsBlocks', () => {
  it('reads "## " blocks as headings, "- " lines as a list, anything else as one paragraph', () => {
    expect(termsBlocks('Intro line one\nand two.\n\n## Title\n\n- one\n- two\n\n  \n\nLast.')).toEqual([
      { kind: 'paragraph', text: 'Intro line one and two.' },
      { kind: 'heading', text: 'Title' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('keeps markup as text: nothing in the message is read as HTML', () => {
    expect(termsBlocks('<b>bold</b>')).toEqual([{ kind: 'paragraph', text: '<b>bold</b>' }]);
  });

  it('finds headings and lists in both catalogues, as many in Spanish as in English', () => {
    const shape = (locale: 'es' | 'en') => termsBlocks(catalogue(locale)['terms.page.body'] ?? '').map((block) => block.kind);
    expect(shape('es')).toEqual(shape('en'));
    expect(shape('es').filter((kind) => kind === 'heading').length).toBeGreaterThanOrEqual(4);
  });
});

describe('loginStateEmail', () => {
  it('reads the e-mail of the state sign-up leaves, and nothing from any other state', () => {
    expect(loginStateEmail({ email: 'ana@example.org' })).toBe('ana@example.org');
    for (const other of [null, undefined, 'ana@example.org', { email: 3 }, {}]) expect(loginStateEmail(other)).toBe('');
  });
});
