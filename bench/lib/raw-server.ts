// The baseline: a bare node:http server, in its own process like the app, that
// answers every request with one recorded response (same status, headers, bytes).
//   startRawServer(recorded) → { url, pid, stop }
// Run as a script, it serves the response stored in the folder given as argv[2].
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

export interface RecordedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

// Hop-by-hop and per-connection headers: node:http writes its own.
const SKIPPED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** One GET as autocannon sends it (no cookies, the given headers), kept byte for byte (no decoding). */
export async function recordResponse(
  url: string,
  headers: Record<string, string> = {},
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !SKIPPED.has(name)) kept[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} timed out`)));
  });
}

export interface RawServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startRawServer(recorded: RecordedResponse): Promise<RawServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-raw-"));
  fs.writeFileSync(path.join(dir, "body"), recorded.body);
  fs.writeFileSync(
    path.join(dir, "head.json"),
    JSON.stringify({ status: recorded.status, headers: recorded.headers }),
  );
  const child = spawn(process.execPath, [import.meta.filename, dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the raw server did not start")), 10_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(Number(line));
    });
    child.once("exit", (code) => reject(new Error(`the raw server exited (${code})`)));
  });
  lines.close();
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(pid, "SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function serve(dir: string) {
  const body = fs.readFileSync(path.join(dir, "body"));
  const head = JSON.parse(fs.readFileSync(path.join(dir, "head.json"), "utf8")) as {
    status: number;
    headers: Record<string, string | string[]>;
  };
  const headers = { ...head.headers, "content-length": String(body.length) };
  const server = http.createServer((_req, res) => {
    res.writeHead(head.status, headers);
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(typeof address === "object" && address ? address.port : 0);
  });
  process.on("SIGTERM", () => process.exit(0));
}

if (import.meta.main) serve(process.argv[2]!);
