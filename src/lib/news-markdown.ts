// News bodies are Markdown written by staff: rendered here with markdown-it, with raw HTML off (a <script> or any tag
// shows as text), only http(s), mailto and same-site links (markdown-it refuses javascript:, vbscript:, file: and
// data: ones and leaves them as text), and every link given rel="noopener noreferrer". Used by the panel and the admin preview.
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const allowedLink = /^(?:https?:|mailto:|\/(?!\/)|#)/i;
const defaultValidate = markdown.validateLink.bind(markdown);
// Stricter than the default: a link must be web, mail or a path of this site (no protocol-relative //host).
markdown.validateLink = (url: string) => defaultValidate(url) && allowedLink.test(url.trim());

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  tokens[index]?.attrSet('rel', 'noopener noreferrer');
  return renderToken(tokens, index, options);
};

/** The HTML of a news body: safe to insert as is. */
export function renderNewsMarkdown(source: string): string {
  return markdown.render(source);
}
