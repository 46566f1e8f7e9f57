/**
 * What differs between an English translation table and its Welsh twin that should not (decision 49):
 * used by the web app's and the server's parity tests, so that a key missing, empty, left in English,
 * or with other {{values}} or <tags> than English fails a test in either language.
 */

/** Plural forms Welsh has and English lacks; each is checked against English's `_other`. */
const WELSH_ONLY_PLURALS = ['zero', 'two', 'few', 'many'] as const;

/**
 * Words the same in both languages: names of languages, products, formats and codes. A string made
 * only of {{values}}, figures and punctuation is the same in both too and needs no entry here.
 */
export const SAME_IN_BOTH_LANGUAGES: readonly string[] = [
  'English',
  'Cymraeg',
  'Client Portal',
  'API',
  'CSV',
  'TSV',
  'Excel',
  'Excel (.xlsx)',
  'PDF',
  'URL',
  'ID',
  'SCIM',
  'HMAC',
  'JSON',
  'QR',
  'OK',
  'Microsoft',
  'Microsoft Entra ID',
  'Markdown',
  // Welsh says staff and poster too.
  'Staff',
  'Poster',
  '{{title}} | Client Portal',
  '{{ms}} ms',
];

function flatten(table: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (table && typeof table === 'object') {
    for (const [key, value] of Object.entries(table)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object') flatten(value, path, into);
      else into.set(path, value);
    }
  }
  return into;
}

const valuesOf = (text: string) => [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tagsOf = (text: string) =>
  [...text.matchAll(/<\/?([A-Za-z0-9]+)[^<>]*?\/?>/g)].map((m) => m[0].replace(/\s.*?(\/?>)$/, '$1')).sort();
const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** True for a string that has nothing to translate: only {{values}}, figures, symbols and spaces. */
function nothingToTranslate(text: string): boolean {
  return !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, ''));
}

/**
 * Every problem found, one line each ("cy.permits.title: left in English"), empty when the tables
 * agree. `sameAllowed` adds words that are legitimately the same in both languages.
 */
export function translationProblems(
  english: unknown,
  welsh: unknown,
  sameAllowed: readonly string[] = SAME_IN_BOTH_LANGUAGES,
): string[] {
  const en = flatten(english);
  const cy = flatten(welsh);
  const problems: string[] = [];
  const allowed = new Set(sameAllowed);
  for (const [key, enValue] of en) {
    if (typeof enValue !== 'string') {
      problems.push(`en.${key}: not a string`);
      continue;
    }
    if (enValue.trim() === '') problems.push(`en.${key}: empty`);
    const cyValue = cy.get(key);
    if (cyValue === undefined) {
      problems.push(`cy.${key}: missing`);
      continue;
    }
    if (typeof cyValue !== 'string') {
      problems.push(`cy.${key}: not a string`);
      continue;
    }
    if (cyValue.trim() === '') problems.push(`cy.${key}: empty`);
    else if (cyValue === enValue && !allowed.has(enValue) && !nothingToTranslate(enValue))
      problems.push(`cy.${key}: left in English ("${enValue.slice(0, 60)}")`);
    if (!sameList(valuesOf(enValue), valuesOf(cyValue)))
      problems.push(
        `cy.${key}: other {{values}} than English (${valuesOf(cyValue).join(', ')} vs ${valuesOf(enValue).join(', ')})`,
      );
    if (!sameList(tagsOf(enValue), tagsOf(cyValue)))
      problems.push(
        `cy.${key}: other <tags> than English (${tagsOf(cyValue).join(' ')} vs ${tagsOf(enValue).join(' ')})`,
      );
  }
  for (const [key, cyValue] of cy) {
    if (en.has(key)) continue;
    const plural = /^(.*)_(zero|two|few|many)$/.exec(key);
    const base = plural && WELSH_ONLY_PLURALS.some((f) => f === plural[2]) ? `${plural[1]}_other` : undefined;
    const enOther = base ? en.get(base) : undefined;
    if (typeof enOther !== 'string') {
      problems.push(`cy.${key}: not in English`);
      continue;
    }
    if (typeof cyValue !== 'string' || cyValue.trim() === '') {
      problems.push(`cy.${key}: empty`);
      continue;
    }
    // The zero and two forms may spell their number ("dim", "ddwywaith", as English "once" does).
    const spelled = plural?.[2] === 'zero' || plural?.[2] === 'two';
    const notCount = (values: readonly (string | undefined)[]) =>
      spelled ? values.filter((v) => v !== 'count') : values;
    if (!sameList(notCount(valuesOf(enOther)), notCount(valuesOf(cyValue))))
      problems.push(`cy.${key}: other {{values}} than English ${base}`);
    if (!sameList(tagsOf(enOther), tagsOf(cyValue)))
      problems.push(`cy.${key}: other <tags> than English ${base}`);
  }
  return problems;
}
