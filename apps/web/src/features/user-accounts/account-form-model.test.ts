import { flagCatalogue } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  type AccountFormValues,
  accountFormSchema,
  canOfferGlobalAccess,
  emptyAccountForm,
  toAccountInput,
} from './account-form-model';

const t = i18n.t.bind(i18n);
const manager = { viewerAccessAllSites: false, staffEmailDomain: 'operator.example' };
const admin = { viewerAccessAllSites: true, staffEmailDomain: 'operator.example' };
const site = { siteNumber: '1001', name: 'Riverside' };

function errorsOf(values: AccountFormValues, ctx = manager) {
  const result = accountFormSchema(t, ctx).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('global access', () => {
  it('is offered only to an all-sites viewer for an address at the staff domain', () => {
    expect(canOfferGlobalAccess(true, 'Someone@Operator.Example ', 'operator.example')).toBe(true);
    expect(canOfferGlobalAccess(false, 'someone@operator.example', 'operator.example')).toBe(false);
    expect(canOfferGlobalAccess(true, 'someone@acme.example', 'operator.example')).toBe(false);
    expect(canOfferGlobalAccess(true, 'someone@evil-operator.example', 'operator.example')).toBe(false);
    expect(canOfferGlobalAccess(true, 'someone@operator.example', undefined)).toBe(false);
  });
});

describe('account form validation', () => {
  it('needs an email, at least one role and a site', () => {
    expect(errorsOf(emptyAccountForm)).toEqual({
      email: 'Please enter an email address.',
      roles: 'Please select at least one role.',
      sites: 'Please select a site or site group.',
    });
  });

  it('checks the email shape and length', () => {
    const base = { ...emptyAccountForm, roles: [1], sites: [site] };
    expect(errorsOf({ ...base, email: 'not-an-address' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(errorsOf({ ...base, email: `${'a'.repeat(250)}@b.example` })).toEqual({
      email: 'The email address must be at most 256 characters.',
    });
    expect(errorsOf({ ...base, email: 'new@acme.example' })).toEqual({});
  });

  it('does not need sites when global access is chosen and allowed', () => {
    const global = { ...emptyAccountForm, email: 'staff@operator.example', roles: [1], accessAllSites: true };
    expect(errorsOf(global, admin)).toEqual({});
    // A manager cannot give global access, so the ticked box does not excuse the missing sites.
    expect(errorsOf(global, manager)).toEqual({ sites: 'Please select a site or site group.' });
  });
});

describe('the request body', () => {
  it('sends access only when global access is not chosen', () => {
    const values = {
      email: ' staff@operator.example ',
      accessAllSites: true,
      sites: [site],
      roles: [1],
      flags: [],
    };
    expect(toAccountInput(values, admin, [])).toEqual({
      email: 'staff@operator.example',
      accessAllSites: true,
      roles: [1],
      flags: [],
    });
    expect(toAccountInput({ ...values, accessAllSites: false }, admin, [])).toEqual({
      email: 'staff@operator.example',
      access: ['1001'],
      accessAllSites: false,
      roles: [1],
      flags: [],
    });
  });

  it('leaves out flags the ticked roles do not cover', () => {
    const values = { ...emptyAccountForm, email: 'a@acme.example', sites: [site], roles: [1] };
    const latest = flagCatalogue.filter((f) => f.mask === '*.*');
    const input = toAccountInput(
      { ...values, flags: ['LatestNewsEmails', 'PermitExpiryDigest'] },
      manager,
      latest,
    );
    expect(input.flags).toEqual(['LatestNewsEmails']);
  });
});
