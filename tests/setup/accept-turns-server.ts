// A child process for listening-sockets.test.ts: listens as `npm start` does with
// `count` sockets, holds its event loop while the test queues connections, then says
// in how many turns of the loop it took them all. Arguments: count, connections, flag file.
import fs from "node:fs";
import http from "node:http";
import { listenOnSockets } from "../../scripts/lib/listening-sockets.ts";

const [count, expected, flag] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]!];
const server = http.createServer((_req, res) => res.end("ok"));
let turn = 0;
const turns = new Set<number>();
let accepted = 0;
server.on("connection", () => {
  turns.add(turn);
  if (++accepted === expected) console.log(JSON.stringify({ turns: turns.size }));
});
const { port } = await listenOnSockets(server, 0, "127.0.0.1", count);
console.log(JSON.stringify({ port }));
function tick() {
  turn++;
  setImmediate(tick);
}
process.stdin.once("data", () => {
  // Busy, as under load: the connections wait in the accept queue until the flag appears.
  while (!fs.existsSync(flag));
  tick();
});
