import type { Language } from './identity.js';

/**
 * Numbers and money as each language writes them (decision 49): the locale per language, UK time
 * (Europe/London) in both. Dates and times are uk-times.ts's (dd/mm/yyyy and HH:mm read the same in
 * both languages; the long forms take the language).
 */
export function localeOf(language: Language): 'en-GB' | 'cy-GB' {
  return language === 'cy' ? 'cy-GB' : 'en-GB';
}

const moneyFormats = new Map<Language, Intl.NumberFormat>();
const countFormats = new Map<Language, Intl.NumberFormat>();

function cached(
  cache: Map<Language, Intl.NumberFormat>,
  language: Language,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = cache.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    cache.set(language, format);
  }
  return format;
}

/** Pounds with two decimals: £60.00 (the same figures in Welsh). */
export function formatMoneyIn(language: Language, pounds: number): string {
  return cached(moneyFormats, language, { style: 'currency', currency: 'GBP' }).format(pounds);
}

/** A whole count with thousands separated: 12,345. */
export function formatCountIn(language: Language, value: number): string {
  return cached(countFormats, language, {}).format(value);
}
