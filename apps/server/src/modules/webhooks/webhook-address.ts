import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a webhook may be sent (decision 45): never to the portal's own machine or network. A URL
 * whose host resolves to a loopback, private, link-local, shared, multicast or otherwise reserved
 * address is refused, at save and again at every delivery (DNS answers change), unless the host is
 * one the operator allows (WEBHOOK_ALLOWED_INTERNAL_HOSTS). The address checked is the address
 * connected to (see webhook-sender.ts), so a name that resolves elsewhere a moment later cannot slip by.
 */
const internal = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network, 0.0.0.0
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (an IPv4 address inside)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address inside an IPv6 one (`::ffff:10.0.0.1`, `::10.0.0.1`), as IPv4. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Is the address one a webhook must never reach (loopback, private, link-local, reserved)? */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return internal.check(v4, 'ipv4');
  return internal.check(address, 'ipv6');
}

/** How long a host's lookup may take before the URL counts as not resolving. */
const LOOKUP_TIMEOUT_MS = 5_000;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolution = { ok: true; pinned: ResolvedAddress } | { ok: false; reason: string };

/** The URL's host without IPv6 brackets, lower case. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Resolves the URL's host and answers the one address to connect to, or why none may be: a host
 * that does not resolve, or any of whose addresses is internal (unless the operator allows the host).
 */
export async function resolveWebhookHost(url: URL, allowedHosts: readonly string[]): Promise<Resolution> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) as 4 | 6 }];
  } else {
    try {
      const answers = await Promise.race([
        dns.lookup(host, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error('timed out')), LOOKUP_TIMEOUT_MS).unref();
        }),
      ]);
      addresses = answers.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      return { ok: false, reason: `${host} does not resolve` };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: `${host} does not resolve` };
  if (allowedHosts.includes(host)) return { ok: true, pinned: first };
  const refused = addresses.find((a) => isInternalAddress(a.address));
  if (refused) {
    return { ok: false, reason: `${host} resolves to ${refused.address}, an internal address` };
  }
  return { ok: true, pinned: first };
}
