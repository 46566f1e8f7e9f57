/**
 * The Markdown subset a notification body may use, rendered to HTML that is safe by construction:
 * every character of the text is escaped and only these elements are made, with no attributes other
 * than a link's checked href: paragraphs and line breaks, **strong**, *emphasis* (or _emphasis_),
 * `code`, [links](https://…) to http(s), mailto:, tel: or a path of the portal, and bullet or numbered
 * lists. Anything else (HTML, images, headings) stays visible as plain text. The browser still passes
 * the result through DOMPurify before showing it.
 */
export function renderNotificationMarkdown(markdown: string): string {
  const blocks = markdown
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/);
  return blocks
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(renderBlock)
    .join('');
}

/** The plain text of a body (for emails' text part and previews): the Markdown marks dropped. */
export function notificationMarkdownText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/`([^`\n]+)`/g, '$1')
    .trim();
}

const BULLET = /^[-*] +/;
const NUMBERED = /^\d{1,3}[.)] +/;

function renderBlock(block: string): string {
  const lines = block.split('\n');
  if (lines.every((line) => BULLET.test(line)))
    return `<ul>${lines.map((l) => `<li>${inline(l.replace(BULLET, ''))}</li>`).join('')}</ul>`;
  if (lines.every((line) => NUMBERED.test(line)))
    return `<ol>${lines.map((l) => `<li>${inline(l.replace(NUMBERED, ''))}</li>`).join('')}</ol>`;
  return `<p>${lines.map((l) => inline(l.trim())).join('<br>')}</p>`;
}

function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A link target the portal allows: http(s), mailto, a telephone number (tel:, digits with an optional
 * leading + and - or . between them), or a path of the portal itself (not //host).
 */
function safeNotificationHref(url: string): string | null {
  if (/^\/(?!\/)[^\s\\]*$/.test(url)) return url;
  if (/^mailto:[^\s]+$/i.test(url)) return url;
  if (/^tel:\+?[0-9]+([-.][0-9]+)*$/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const INLINE =
  /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])/;

function inline(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const match = INLINE.exec(rest);
    if (!match) return out + escapeHtmlText(rest);
    out += escapeHtmlText(rest.slice(0, match.index));
    const [whole, code, linkText, href, strong, em1, em2] = match;
    if (code !== undefined) out += `<code>${escapeHtmlText(code)}</code>`;
    else if (linkText !== undefined && href !== undefined) {
      const safe = safeNotificationHref(href);
      out += safe ? `<a href="${escapeHtmlText(safe)}">${inline(linkText)}</a>` : escapeHtmlText(whole);
    } else if (strong !== undefined) out += `<strong>${inline(strong)}</strong>`;
    else out += `<em>${inline(em1 ?? em2 ?? '')}</em>`;
    rest = rest.slice(match.index + whole.length);
  }
}
