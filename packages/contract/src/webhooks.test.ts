import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import { webhookInputSchema } from './webhooks.js';

const codes = (value: unknown) => ruleCheck(webhookInputSchema, value).map((i) => `${i.field}:${i.code}`);

describe('a webhook subscription', () => {
  it('takes an http(s) URL, some known events and some sites (none: all of the caller’s)', () => {
    expect(codes({ url: 'https://rota.example.com/hooks', events: ['permit.added'], sites: [] })).toEqual([]);
    expect(
      codes({ url: 'http://rota.example.com:8080/x', events: ['ticket.reduced'], sites: ['1001', 'SG01'] }),
    ).toEqual([]);
  });

  it('refuses other schemes, user names in the URL, no events or unknown ones, and bad site numbers', () => {
    expect(codes({ url: '', events: [], sites: [] })).toEqual(['url:required', 'events:required']);
    expect(codes({ url: 'ftp://example.com/x', events: ['permit.added'], sites: [] })).toEqual(['url:url']);
    expect(codes({ url: 'https://me:pw@example.com/x', events: ['permit.added'], sites: [] })).toEqual([
      'url:url',
    ]);
    expect(codes({ url: 'not a url', events: ['permit.added'], sites: [] })).toEqual(['url:url']);
    expect(codes({ url: 'https://example.com', events: ['permit.exploded'], sites: ['abc'] })).toEqual([
      'events.0:oneOf',
      'sites.0:pattern',
    ]);
  });
});
