import { isIP } from 'node:net';

/**
 * The network a client address belongs to, as one person usually holds it: an IPv4 address's /24,
 * an IPv6 address's /64 (a household's or a phone's whole prefix). What counts "once per visitor"
 * keys on this, so one person cannot multiply themselves by changing address within their network.
 */
export const clientNetwork = (ip: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return address;
};
