import ipaddr from 'ipaddr.js';

/**
 * The network an address belongs to, which is all a session keeps of it: the IPv4 /24 or the IPv6 /48
 * ("203.0.113.0/24", "2001:db8:1::/48"). Enough for a member to tell home from elsewhere; not a person's address.
 * An IPv4 address carried in IPv6 counts as IPv4; anything unreadable is ''.
 */
export function networkOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return '';
  let ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  const bytes = ip.toByteArray();
  if (ip.kind() === 'ipv4') return `${bytes.slice(0, 3).join('.')}.0/24`;
  const kept = [...bytes.slice(0, 6), ...new Array<number>(10).fill(0)];
  return `${ipaddr.fromByteArray(kept).toString()}/48`;
}
