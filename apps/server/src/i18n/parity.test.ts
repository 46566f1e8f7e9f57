import { translationProblems } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { cy, en, translatorFor } from './index.js';

/**
 * Decision 49: the server's words (e-mails, download headers, problem messages) in both languages.
 * Fails on a Welsh string missing, empty or left in English, or with other {{values}} or <tags>.
 */
describe("the server's tables in English and Welsh", () => {
  it.each(Object.keys(en))('%s: every string translated, with the same values and tags', (area) => {
    expect(translationProblems(en[area as keyof typeof en], cy[area as keyof typeof cy])).toEqual([]);
  });

  it('picks the Welsh plural forms by count', () => {
    const t = translatorFor('cy');
    expect(t('mail.permits.several.subject', { count: 1 })).toBe("1 drwydded wedi'i hychwanegu");
    expect(t('mail.permits.several.subject', { count: 2 })).toBe("2 drwydded wedi'u hychwanegu");
    expect(t('mail.permits.several.subject', { count: 3 })).toBe("3 o drwyddedau wedi'u hychwanegu");
    expect(translatorFor('en')('mail.permits.several.subject', { count: 2 })).toBe('2 permits added');
  });
});
