// The news body renderer (src/lib/news-markdown.ts): Markdown in, safe HTML out, whatever staff typed.
import { describe, expect, it } from 'vitest';
import { renderNewsMarkdown } from '#lib/news-markdown';

describe('renderNewsMarkdown', () => {
  it('renders Markdown: emphasis, lists, links with rel=noopener', () => {
    const html = renderNewsMarkdown('**Hola** y *adiós*\n\n- uno\n- dos\n\n[programas](/panel/programs) [sitio](https://example.org)');
    expect(html).toContain('<strong>Hola</strong>');
    expect(html).toContain('<em>adiós</em>');
    expect(html).toContain('<li>uno</li>');
    expect(html).toContain('<a href="/panel/programs" rel="noopener noreferrer">programas</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">sitio</a>');
  });

  it('shows raw HTML as text: no script, no tag, no event attribute', () => {
    const html = renderNewsMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> <b>bold</b> <iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|<img|<b>|<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('refuses javascript:, data:, vbscript:, file: and protocol-relative links, however they are written', () => {
    const sources = [
      '[a](javascript:alert(1))',
      '[a](JaVaScRiPt:alert(1))',
      '[a](java&#x09;script:alert(1))',
      '[a](data:text/html;base64,PHNjcmlwdD4=)',
      '[a](vbscript:msgbox(1))',
      '[a](file:///etc/passwd)',
      '[a](//evil.example/x)',
      '<javascript:alert(1)>',
      '![x](javascript:alert(1))',
    ];
    for (const source of sources) {
      const html = renderNewsMarkdown(source);
      expect(html, source).not.toMatch(/href=|src=/i);
    }
  });
});
