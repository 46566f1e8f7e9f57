import { describe, expect, it } from 'vitest';
import { translationProblems } from './translation-parity.js';

describe('translationProblems: a Welsh table against its English one', () => {
  const english = {
    title: 'Permits',
    count_one: '{{count}} permit',
    count_other: '{{count}} permits',
    link: 'Read the <1>privacy notice</1>',
    format: 'CSV',
    range: '{{from}} – {{to}}',
  };
  const welsh = {
    title: 'Trwyddedau',
    count_one: '{{count}} drwydded',
    count_two: '{{count}} drwydded',
    count_other: '{{count}} o drwyddedau',
    link: 'Darllenwch yr <1>hysbysiad preifatrwydd</1>',
    format: 'CSV',
    range: '{{from}} – {{to}}',
  };

  it('finds nothing when the tables agree (names, formats and bare values may be the same)', () => {
    expect(translationProblems(english, welsh)).toEqual([]);
  });

  it('finds a key missing, empty, left in English or added', () => {
    const { title: _, ...missing } = welsh;
    expect(translationProblems(english, missing)).toEqual(['cy.title: missing']);
    expect(translationProblems(english, { ...welsh, title: ' ' })).toEqual(['cy.title: empty']);
    expect(translationProblems(english, { ...welsh, title: 'Permits' })).toEqual([
      'cy.title: left in English ("Permits")',
    ]);
    expect(translationProblems(english, { ...welsh, extra: 'Ychwanegol' })).toEqual([
      'cy.extra: not in English',
    ]);
    expect(translationProblems(english, { ...welsh, title_few: 'Trwyddedau' })).toEqual([
      'cy.title_few: not in English',
    ]);
  });

  it('finds other {{values}} or <tags> than English, Welsh-only plural forms checked against _other', () => {
    expect(translationProblems(english, { ...welsh, count_one: '{{cyfrif}} drwydded' })).toHaveLength(1);
    expect(translationProblems(english, { ...welsh, count_many: 'llawer o drwyddedau' })).toEqual([
      'cy.count_many: other {{values}} than English count_other',
    ]);
    // The two form may spell its number, as English "once" does, but keeps every other value.
    const seen = { seen_one: '{{plate}} seen once', seen_other: '{{plate}} seen {{count}} times' };
    const gwelwyd = {
      seen_one: 'gwelwyd {{plate}} unwaith',
      seen_other: 'gwelwyd {{plate}} {{count}} o weithiau',
    };
    expect(translationProblems(seen, { ...gwelwyd, seen_two: 'gwelwyd {{plate}} ddwywaith' })).toEqual([]);
    expect(translationProblems(seen, { ...gwelwyd, seen_two: 'gwelwyd ddwywaith' })).toEqual([
      'cy.seen_two: other {{values}} than English seen_other',
    ]);
    expect(
      translationProblems(english, { ...welsh, link: 'Darllenwch yr hysbysiad preifatrwydd' }),
    ).toHaveLength(1);
    expect(translationProblems(english, { ...welsh, link: 'Darllenwch yr <2>hysbysiad</2>' })).toHaveLength(
      1,
    );
  });
});
