import { keyed, type Message } from "./message.ts";

/**
 * Who can open an address printed in a QR code:
 * - "this-machine": only the computer that serves it (localhost, *.localhost, 127/8,
 *   0.0.0.0, ::1, ::): a guest's phone that scans it opens its own localhost and finds nothing;
 * - "local-network": a phone on the same network (private IPv4 10/8, 172.16/12,
 *   192.168/16, link-local, carrier-grade NAT; IPv6 unique-local and link-local; names
 *   without a dot or under .local, .lan, .internal, .home.arpa): the restaurant's Wi-Fi, not mobile data;
 * - "public": anyone.
 */
export type AddressReach = "this-machine" | "local-network" | "public";

export function addressReach(url: string): AddressReach {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return "this-machine";
  }
  if (host.startsWith("[")) return ipv6Reach(host.slice(1, -1));
  const ipv4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (ipv4) return ipv4Reach(ipv4.slice(1).map(Number) as [number, number, number, number]);
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host === "localhost" || host.endsWith(".localhost")) return "this-machine";
  return !host.includes(".") || /\.(local|internal|lan|home\.arpa)$/.test(host) ? "local-network" : "public";
}

function ipv4Reach([a, b]: [number, number, number, number]): AddressReach {
  if (a === 0 || a === 127) return "this-machine";
  const local =
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168);
  return local ? "local-network" : "public";
}

function ipv6Reach(host: string): AddressReach {
  if (host === "::1" || host === "::") return "this-machine";
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, which URL turns into ::ffff:7f00:1).
  const mapped = host.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return ipv4Reach([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host) ? "local-network" : "public";
}

/** What the owner is told above a QR code whose address not every phone opens. */
export interface QrAddressNote {
  /** "warning": no phone opens it (shown in red); "info": only phones on the same network do. */
  level: "warning" | "info";
  message: Message;
}

/**
 * The owner's note on the address their QR codes (and shared links) hold; null when it is
 * public. The codes always follow PUBLIC_URL (rewritten at start, or by
 * `npm run admin -- update-links`), so the note says to start the server with another one.
 */
export function qrAddressNote(url: string): QrAddressNote | null {
  const reach = addressReach(url);
  if (reach === "public") return null;
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  if (reach === "local-network") {
    return {
      level: "info",
      message: keyed(
        "Your QR codes point to {{origin}}, an address on your local network: phones on the same Wi-Fi open it, phones on mobile data cannot. For every diner, start Foodverse with PUBLIC_URL set to your public address.",
        { origin },
      ),
    };
  }
  return {
    level: "warning",
    message: keyed(
      "Your QR codes point to {{origin}}, which phones cannot open. Start Foodverse again with PUBLIC_URL set to your public address, or to the network address npm start shows (e.g. PUBLIC_URL=http://192.168.1.20:3000 npm start): every code and link is rewritten to it.",
      { origin },
    ),
  };
}
