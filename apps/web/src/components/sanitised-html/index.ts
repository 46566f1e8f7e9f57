export { SanitisedHtml, sanitiseHtml } from './sanitised-html';
