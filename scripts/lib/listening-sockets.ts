// How `npm start` listens: several listening sockets on one port (docs/performance.md, "New
// connections while a process is saturated"). Node 24's libuv accepts one connection per
// listening socket per turn of the event loop; while the connections a process has keep it busy
// (a turn of 100 ms and more), a crowd of new ones waited seconds each in the accept queue (200
// readers at once: 10 s for some). The kernel spreads new connections over the sockets of a port
// opened with SO_REUSEPORT, so each turn takes up to that many.
import type http from "node:http";
import net from "node:net";

/** Linux has SO_REUSEPORT for this; elsewhere the app listens on one socket, as before. */
export const LISTENING_SOCKETS = process.platform === "linux" ? 64 : 1;

export interface Listening {
  port: number;
  /** The server given and the sockets beside it, each accepting connections on `port`. */
  servers: net.Server[];
  /** Stops taking connections; resolves when every connection the sockets took has ended. */
  close(): Promise<void>;
}

function listen(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function closed(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * `server` listens on `port` (0: a free one) with `count - 1` more sockets beside it, whose
 * connections it serves as its own (its timeouts, its connection tracking). A port another
 * program holds still fails with EADDRINUSE: a plain socket tries it first, so the app never
 * shares a port with another process by accident.
 */
export async function listenOnSockets(
  server: http.Server,
  port: number,
  host: string,
  count = LISTENING_SOCKETS,
): Promise<Listening> {
  if (count <= 1) {
    await listen(server, { port, host });
    return {
      port: (server.address() as net.AddressInfo).port,
      servers: [server],
      close: () => closed(server),
    };
  }
  const probe = net.createServer();
  await listen(probe, { port, host });
  const chosen = (probe.address() as net.AddressInfo).port;
  await closed(probe);
  await listen(server, { port: chosen, host, reusePort: true });
  const more = Array.from({ length: count - 1 }, () =>
    net.createServer(connectionOptions(server), (socket) => server.emit("connection", socket)),
  );
  try {
    await Promise.all(more.map((socket) => listen(socket, { port: chosen, host, reusePort: true })));
  } catch (error) {
    await Promise.all([server, ...more].filter((s) => s.listening).map(closed));
    throw error;
  }
  return {
    port: chosen,
    servers: [server, ...more],
    close: () => Promise.all([server, ...more].map(closed)).then(() => undefined),
  };
}

/** What a listening server gives each connection it accepts (net.Server keeps its options as fields). */
type ConnectionOptions = Required<
  Pick<net.ServerOpts, "allowHalfOpen" | "noDelay" | "keepAlive" | "keepAliveInitialDelay" | "highWaterMark">
>;

/**
 * The http server's own connection options, for the sockets beside it. A plain net.Server
 * accepts with Nagle's algorithm on, unlike http.Server: the connections 63 of 64 sockets
 * took then held a streamed page's later chunks until the client's delayed ACK (40 ms on
 * Linux: an uncached page on a kept-alive connection took 53 ms instead of 14).
 */
export function connectionOptions(server: net.Server): ConnectionOptions {
  const options = server as net.Server & Partial<ConnectionOptions>;
  return {
    allowHalfOpen: options.allowHalfOpen ?? true,
    noDelay: options.noDelay ?? true,
    keepAlive: options.keepAlive ?? false,
    // Given in milliseconds, kept in seconds.
    keepAliveInitialDelay: (options.keepAliveInitialDelay ?? 0) * 1000,
    highWaterMark: options.highWaterMark ?? 65536,
  };
}
