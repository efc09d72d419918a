import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readiness } from "~/server/readiness.server.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";

let services: TestServices | undefined;
let listening: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (listening ? listening.close(resolve) : resolve(undefined)));
  // Closing again after the test closed the database itself is harmless.
  await services?.close().catch(() => undefined);
  services = listening = undefined;
});

async function readyz(draining: () => boolean) {
  const app = express().get("/readyz", readiness(services!, draining));
  listening = await new Promise<Server>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
  const { port } = listening.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: answer.status, body: (await answer.json()) as Record<string, string> };
}

describe("GET /readyz (issue 28: never every process out at once)", () => {
  it("is 200 ready with the database up", async () => {
    services = await createTestServices();
    expect(await readyz(() => false)).toMatchObject({
      status: 200,
      body: { status: "ready", database: "up" },
    });
  });

  it("stays 200, 'degraded', when the database every process shares is down", async () => {
    services = await createTestServices();
    await services.database.db.destroy();
    expect(await readyz(() => false)).toMatchObject({
      status: 200,
      body: { status: "degraded", database: "down" },
    });
  });

  it("is 503 only while this process is stopping", async () => {
    services = await createTestServices();
    expect(await readyz(() => true)).toMatchObject({ status: 503, body: { status: "stopping" } });
  });
});
