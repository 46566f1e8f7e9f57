import { translationProblems } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { cy } from './cy';
import { en } from './en';

/**
 * Decision 49: every string of the web app in both languages. Each area of en/index.ts has its cy
 * twin in cy/index.ts (the typecheck sees to the keys); this fails on a Welsh string left empty or in
 * English, or with other {{values}} or <tags> than the English one.
 */
describe('the web app in English and Welsh', () => {
  it('has every area of the English table in Welsh', () => {
    expect(Object.keys(cy).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))('%s: every string translated, with the same values and tags', (area) => {
    const english = en[area as keyof typeof en];
    const welsh = cy[area as keyof typeof cy];
    expect(translationProblems(english, welsh)).toEqual([]);
  });
});
