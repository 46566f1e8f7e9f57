import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssuePerField, ruleIssue, ruleIssuesOf, text } from './rules.js';

describe('rule issues', () => {
  const schema = z
    .object({
      name: text()
        .min(1, 'required')
        .max(3, 'maxLength')
        .regex(/^[a-z]*$/, 'pattern'),
      n: z.number(),
    })
    .superRefine((value, ctx) => {
      if (value.name === 'ab') ctx.addIssue(ruleIssue(['name'], 'notAllowed', { value: value.name }));
    });
  const issuesOf = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : ruleIssuesOf(result.error);
  };

  it('gives each check its code, field and parameters', () => {
    expect(issuesOf({ name: 'ABCDE', n: 1 })).toEqual([
      { field: 'name', code: 'maxLength', params: { max: 3 } },
      { field: 'name', code: 'pattern', params: {} },
    ]);
    expect(issuesOf({ name: 'ab', n: 1 })).toEqual([
      { field: 'name', code: 'notAllowed', params: { value: 'ab' } },
    ]);
  });

  it('reads an absent value as required and another type as invalidType', () => {
    expect(issuesOf({ n: 'x' })).toEqual([
      { field: 'name', code: 'required', params: {} },
      { field: 'n', code: 'invalidType', params: {} },
    ]);
  });

  it('keeps the first issue of each field, and prefixes paths', () => {
    const result = schema.safeParse({ name: 'ABCDE', n: 1 });
    const issues = ruleIssuesOf(result.error!, ['rows', 0]);
    expect(issues.map((i) => i.field)).toEqual(['rows.0.name', 'rows.0.name']);
    expect(firstIssuePerField(issues)).toEqual([
      { field: 'rows.0.name', code: 'maxLength', params: { max: 3 } },
    ]);
  });
});
