import { describe, expect, it } from 'vitest';
import { renderNotificationMarkdown } from './notification-markdown.js';

describe('renderNotificationMarkdown', () => {
  it('renders paragraphs, line breaks, strong, emphasis, code and lists', () => {
    expect(
      renderNotificationMarkdown(
        'Car park **closed** on *Friday*.\nUse `Gate B`.\n\n- one\n- _two_\n\n1. first\n2. second',
      ),
    ).toBe(
      '<p>Car park <strong>closed</strong> on <em>Friday</em>.<br>Use <code>Gate B</code>.</p>' +
        '<ul><li>one</li><li><em>two</em></li></ul><ol><li>first</li><li>second</li></ol>',
    );
  });

  it('keeps links to http(s), mailto and portal paths; others stay text', () => {
    expect(
      renderNotificationMarkdown(
        '[Permits](/permits) [Site](https://example.com/a?b=1&c=2) [x](mailto:a@b.c)',
      ),
    ).toBe(
      '<p><a href="/permits">Permits</a> <a href="https://example.com/a?b=1&#38;c=2">Site</a> <a href="mailto:a@b.c">x</a></p>',
    );
    expect(renderNotificationMarkdown('[bad](javascript:alert(1)) [far](//evil.example)')).not.toContain(
      '<a',
    );
  });

  it('keeps tel: links to a telephone number (issue 24: the operator’s contact line); others stay text', () => {
    expect(renderNotificationMarkdown('Call [0161 496 0000](tel:+44-161-496-0000).')).toBe(
      '<p>Call <a href="tel:+44-161-496-0000">0161 496 0000</a>.</p>',
    );
    expect(renderNotificationMarkdown('[x](tel:javascript:alert(1)) [y](tel:12;34)')).not.toContain('<a');
  });

  it('escapes every HTML the text holds', () => {
    const html = renderNotificationMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> **<b>x</b>** [<i>t</i>](/a")',
    );
    expect(html).not.toMatch(/<(script|img|b|i)[\s>]/);
    expect(html).toContain('&#60;script&#62;');
  });
});
