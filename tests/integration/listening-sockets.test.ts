import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { connectionOptions, listenOnSockets, type Listening } from "../../scripts/lib/listening-sockets.ts";

/**
 * docs/performance.md, "New connections while a process is saturated": libuv takes one
 * connection per listening socket per turn of the event loop, so `npm start` listens on
 * several sockets of one port (SO_REUSEPORT, Linux).
 */
const CHILD = path.join(import.meta.dirname, "../setup/accept-turns-server.ts");

/** In how many turns of a busy server's loop `connections` queued connections were taken. */
async function turnsToAccept(count: number, connections: number): Promise<number> {
  const flag = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-accept-")), "go");
  const child = spawn(process.execPath, [CHILD, String(count), String(connections), flag], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const sockets: net.Socket[] = [];
  try {
    const { port } = JSON.parse((await lines.next()).value as string) as { port: number };
    child.stdin!.write("busy\n");
    // The child's loop is held: these complete their handshakes into the accept queue.
    await Promise.all(
      Array.from(
        { length: connections },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect(port, "127.0.0.1", resolve).on("error", reject);
            sockets.push(socket);
          }),
      ),
    );
    fs.writeFileSync(flag, "");
    const { turns } = JSON.parse((await lines.next()).value as string) as { turns: number };
    return turns;
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill();
    fs.rmSync(path.dirname(flag), { recursive: true, force: true });
  }
}

const open: Listening[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

describe.runIf(process.platform === "linux")("listening on several sockets", () => {
  it("one socket takes one queued connection a turn; 16 take the same crowd in far fewer turns", async () => {
    expect(await turnsToAccept(1, 40)).toBe(40);
    expect(await turnsToAccept(16, 40)).toBeLessThanOrEqual(20);
  });

  it("gives every socket's connections the server's own options: no Nagle delay on a streamed page", async () => {
    const server = http.createServer((_req, res) => res.end());
    const listening = await listenOnSockets(server, 0, "127.0.0.1", 8);
    open.push(listening);
    expect(listening.servers).toHaveLength(8);
    const own = connectionOptions(server);
    expect(own).toMatchObject({ noDelay: true, allowHalfOpen: true });
    for (const socket of listening.servers) expect(connectionOptions(socket)).toEqual(own);
    // A server made with other options passes those on.
    const kept = http.createServer({ noDelay: false, keepAlive: true, keepAliveInitialDelay: 1000 });
    const other = await listenOnSockets(kept, 0, "127.0.0.1", 3);
    open.push(other);
    for (const socket of other.servers)
      expect(connectionOptions(socket)).toMatchObject({
        noDelay: false,
        keepAlive: true,
        keepAliveInitialDelay: 1000,
      });
  });

  it("serves every socket's connections with the one server, and closes when they end", async () => {
    const server = http.createServer((_req, res) => res.end("one server"));
    const listening = await listenOnSockets(server, 0, "127.0.0.1", 8);
    const bodies = await Promise.all(Array.from({ length: 32 }, () => get(listening.port)));
    expect(new Set(bodies)).toEqual(new Set(["one server"]));
    await listening.close();
    await expect(get(listening.port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("holds every socket's connections to the server's header time-out (a slow-loris client)", async () => {
    const server = http.createServer(
      { headersTimeout: 500, requestTimeout: 1000, connectionsCheckingInterval: 50 },
      (_req, res) => res.end(),
    );
    const listening = await listenOnSockets(server, 0, "127.0.0.1", 8);
    open.push(listening);
    // Never finishing its headers: the server answers 408 and closes, whichever socket took it.
    const answers = await Promise.all(
      Array.from(
        { length: 24 },
        () =>
          new Promise<string>((resolve) => {
            let said = "";
            const socket = net.connect(listening.port, "127.0.0.1", () =>
              socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
            );
            socket.on("data", (chunk: Buffer) => (said += chunk.toString()));
            socket.on("close", () => resolve(said.split("\r\n")[0]!));
          }),
      ),
    );
    expect(new Set(answers)).toEqual(new Set(["HTTP/1.1 408 Request Timeout"]));
  });

  it("refuses a port another program listens on, with or without SO_REUSEPORT", async () => {
    const plain = net.createServer();
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const taken = (plain.address() as net.AddressInfo).port;
    await expect(listenOnSockets(http.createServer(), taken, "127.0.0.1", 8)).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
    plain.close();

    const first = await listenOnSockets(http.createServer(), 0, "127.0.0.1", 8);
    open.push(first);
    await expect(listenOnSockets(http.createServer(), first.port, "127.0.0.1", 8)).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
  });
});
