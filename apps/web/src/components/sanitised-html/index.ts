export { MarkdownText, SanitisedHtml, sanitiseHtml } from './sanitised-html';
