import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '~/lib/markdown.server';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('## 제1조\n\n**목적**')).toBe('<h2>제1조</h2>\n<p><strong>목적</strong></p>\n');
  });

  it('drops scripts, event attributes and javascript: links', () => {
    const html = renderMarkdown(
      '안녕 <script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"> [링크](javascript:alert(3))',
    );
    expect(html).not.toMatch(/script|onerror|javascript:/i);
    expect(html).toContain('<img src="https://x.test/a.png" />');
    expect(html).toContain('<a>링크</a>');
  });

  it('opens other sites in a new tab without the opener', () => {
    expect(renderMarkdown('[사이트](https://example.com)')).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">사이트</a>',
    );
  });
});
