// The line `npm start` ends its start-up with, for a person at the terminal: the
// JSON log above it is for operators' tools, this one says where to open the app.
import os from "node:os";

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const EVERY_ADDRESS = new Set(["0.0.0.0", "::", ""]);

/** The first address of this machine another device on the network can reach (IPv4, not loopback). */
export function lanAddress(interfaces: Interfaces): string | null {
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === "IPv4" && !address.internal) return address.address;
    }
  }
  return null;
}

const urlOf = (host: string, port: number) => `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

/**
 * "Foodverse is ready: http://localhost:3000 (on this network: http://192.168.1.20:3000)".
 * Listening on every address (HOST=0.0.0.0, the default), the app is opened as
 * localhost here and at the LAN address from a phone on the same Wi-Fi.
 */
export function readyLine(
  host: string,
  port: number,
  interfaces: Interfaces = os.networkInterfaces(),
): string {
  if (!EVERY_ADDRESS.has(host)) return `Foodverse is ready: ${urlOf(host, port)}`;
  const lan = lanAddress(interfaces);
  const local = `Foodverse is ready: ${urlOf("localhost", port)}`;
  return lan ? `${local} (on this network: ${urlOf(lan, port)})` : local;
}
