import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SanitisedHtml, sanitiseHtml } from './sanitised-html';

const hostile =
  '<p>Back at <b>06:00</b></p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">' +
  '<a href="javascript:window.__pwned=3">status</a><iframe src="https://evil.example"></iframe>';

declare global {
  interface Window {
    __pwned?: number;
  }
}

describe('sanitised HTML', () => {
  afterEach(() => {
    delete window.__pwned;
  });

  it('keeps formatting but drops scripts, handlers, javascript: links and frames', () => {
    const clean = sanitiseHtml(hostile);
    expect(clean).toContain('<b>06:00</b>');
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe/i);
  });

  it('renders nothing that runs', async () => {
    const { container } = renderWithProviders(<SanitisedHtml html={hostile} testId="message" />);
    expect(container.querySelector('b')).toHaveTextContent('06:00');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    // Give an image error handler the chance it would have had.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__pwned).toBeUndefined();
  });
});
