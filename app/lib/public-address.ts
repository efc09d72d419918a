/**
 * Whether an address is one only this machine or its local network can open:
 * a QR code printed with it sends a guest's phone nowhere. Names: localhost,
 * *.localhost, *.local (mDNS), *.internal, a name without a dot; IPv4 loopback,
 * private (10/8, 172.16/12, 192.168/16), link-local, carrier-grade NAT and 0.0.0.0;
 * IPv6 loopback, unspecified, unique-local (fc00::/7) and link-local (fe80::/10).
 */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (host.startsWith("[")) return isLocalIpv6(host.slice(1, -1));
  const ipv4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (ipv4) return isLocalIpv4(ipv4.slice(1).map(Number) as [number, number, number, number]);
  if (host.endsWith(".")) host = host.slice(0, -1);
  return (
    !host.includes(".") || host === "localhost" || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)
  );
}

function isLocalIpv4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

function isLocalIpv6(host: string): boolean {
  if (host === "::1" || host === "::") return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, which URL turns into ::ffff:7f00:1).
  const mapped = host.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return isLocalIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
}

/** The owner's warning under a QR code that points to a local address; null when it is public. */
export function localQrWarning(url: string): string | null {
  if (!isLocalAddress(url)) return null;
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  return `Your QR codes point to ${origin}, which phones cannot open. Set PUBLIC_URL to your public address before printing.`;
}
