import type { Permit } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { permitConfirmationMails } from './permit-confirmation.js';

const permit: Permit = {
  type: 'site',
  permitId: 42,
  reference: 'P1001-000042',
  site_SiteGroupNumber: '1001',
  vehicleRegistration: 'AB12CDE',
  driverName: 'Sam Night',
  isTemp: true,
  started: '2026-11-27T00:00:00.000Z',
  ended: '2026-12-05T00:00:00.000Z',
  cancelledAt: null,
};
const places = new Map([['1001', '1001 Riverside Retail Park']]);
const confirmation = { mode: 'single' as const, permits: [permit], at: new Date('2026-11-27T10:00:00Z') };

describe('permit confirmations', () => {
  it('tell the person who added the permit that they did', () => {
    const [mail] = permitConfirmationMails(
      confirmation,
      { email: 'clerk@client.example' },
      places,
      'https://p',
    );
    expect(mail?.to).toBe('clerk@client.example');
    expect(mail?.text).toContain('You added a permit for AB12CDE at 1001 Riverside Retail Park');
    expect(mail?.text).toContain('because you added this permit');
  });

  it("name the API key that added permits, to the key's creator", () => {
    const adder = { email: 'manager@client.example', apiKey: { id: 'k', name: 'Night-shift rota' } };
    const [single] = permitConfirmationMails(confirmation, adder, places, 'https://p');
    expect(single?.to).toBe('manager@client.example');
    expect(single?.text).toContain('Your API key "Night-shift rota" added a permit for AB12CDE');
    expect(single?.text).toContain('because your API key "Night-shift rota" added this permit');
    const [bulk] = permitConfirmationMails(
      { ...confirmation, mode: 'bulk', permits: [permit, { ...permit, permitId: 43 }] },
      adder,
      places,
      'https://p',
    );
    expect(bulk?.text).toContain(
      'Your API key "Night-shift rota" added 2 permits on Friday 27 November 2026, 10:00.',
    );
    expect(bulk?.text).toContain('They came from a bulk upload.');
  });

  it("are written in the adder's language (decision 49): Welsh words, Welsh dates, the same facts", () => {
    const [mail, driver] = permitConfirmationMails(
      { ...confirmation, driverEmail: 'dee@driver.example' },
      { email: 'clerk@client.example' },
      places,
      'https://p',
      'cy',
    );
    expect(mail?.subject).toBe('Trwydded P1001-000042 wedi’i hychwanegu ar gyfer AB12CDE');
    expect(mail?.text).toContain(
      'Fe wnaethoch chi ychwanegu trwydded ar gyfer AB12CDE yn 1001 Riverside Retail Park ar Dydd Gwener 27 Tachwedd 2026, 10:00.',
    );
    expect(mail?.text).toContain('Math: Dros dro');
    expect(mail?.text).toContain('Dyddiad gorffen: 04/12/2026');
    expect(mail?.html).toContain('<html lang="cy">');
    expect(mail?.html).toContain('Agor y drwydded yn Client Portal');
    expect(mail?.text).not.toMatch(/You added|Start date|Permanent|Temporary/);
    expect(driver?.subject).toBe('Eich trwydded parcio P1001-000042 ar gyfer AB12CDE');
    const [several] = permitConfirmationMails(
      {
        ...confirmation,
        mode: 'bulk',
        permits: [permit, { ...permit, permitId: 43 }, { ...permit, permitId: 44 }],
      },
      { email: 'clerk@client.example' },
      places,
      'https://p',
      'cy',
    );
    expect(several?.subject).toBe("3 o drwyddedau wedi'u hychwanegu");
    expect(several?.text).toContain('P1001-000042: AB12CDE yn 1001, 27/11/2026 i 04/12/2026');
  });
});
