import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Markdown written by operators and staff (policies, FAQ answers, notices) is stored as Markdown and turned into HTML
// here, on the server, when shown: parsed with `marked`, then cleaned with an allowlist, so a `<script>`, an event
// attribute or a `javascript:` link written into the text never reaches a browser. Links to other sites open in a new
// tab without the opener.

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs };
    },
  },
};

/** Markdown to sanitised HTML, safe to put in `dangerouslySetInnerHTML`. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { gfm: true, breaks: true, async: false });
  return sanitizeHtml(html, ALLOWED);
}
