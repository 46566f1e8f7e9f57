import { describe, expect, it } from 'vitest';
import { isInternalAddress, resolveWebhookHost } from './webhook-address.js';

describe('webhook addresses', () => {
  it('knows the internal ranges of both families, IPv4 inside IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to loopback unless the operator allows the host', async () => {
    const url = new URL('http://localhost:9/hook');
    expect(await resolveWebhookHost(url, [])).toMatchObject({ ok: false });
    expect(await resolveWebhookHost(url, ['localhost'])).toMatchObject({ ok: true });
    expect(await resolveWebhookHost(new URL('http://[::1]/'), [])).toMatchObject({ ok: false });
    expect(await resolveWebhookHost(new URL('http://8.8.8.8/'), [])).toMatchObject({
      ok: true,
      pinned: { address: '8.8.8.8', family: 4 },
    });
  });
});
