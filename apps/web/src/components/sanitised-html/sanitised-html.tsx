import { renderNotificationMarkdown } from '@client-portal/contract';
import { Box, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Cleans administrator-written HTML: scripts, event handlers (onerror=...), javascript: links and
 * other active content are removed; plain formatting and links stay.
 */
export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  });
}

interface Props extends BoxProps {
  html: string;
  testId?: string;
}

/** Renders HTML from config (the offline message) only after sanitising it. */
export function SanitisedHtml({ html, testId, ...boxProps }: Props) {
  const clean = useMemo(() => sanitiseHtml(html), [html]);
  // The HTML was sanitised by DOMPurify just above; this is the only way to render markup from config.
  return <Box {...boxProps} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * Text written in the notifications' Markdown (notification bodies, the maintenance message: decision
 * 39), drawn with the same renderer as the server's and sanitised like any HTML.
 */
export function MarkdownText({ markdown, ...props }: Omit<Props, 'html'> & { markdown: string }) {
  const html = useMemo(() => renderNotificationMarkdown(markdown), [markdown]);
  return <SanitisedHtml html={html} {...props} />;
}
