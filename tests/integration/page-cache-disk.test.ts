import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as menus from "~/features/menus/menus.server.ts";
import { createLogger } from "~/server/log.server.ts";
import type { Render } from "~/server/page-cache-middleware.server.ts";
import { openDiskPageStore, type DiskPageStore } from "~/server/page-disk-store.server.ts";
import { signedUpOwner } from "../setup/accounts.ts";
import { closeServer, rawGet } from "../setup/http-client.ts";
import { pageCacheProcess } from "../setup/page-cache-process.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * ADR 0034 §5: visitors' pages on disk behind each process's memory, in one file the
 * processes of a host share: a page is read back from it instead of rendered again, by
 * a process that never rendered it or after memory let it go, and only while its
 * content is what the key names.
 */
let services: TestServices;
let renders = 0;
let edition = "first";
const servers: http.Server[] = [];
const stores: DiskPageStore[] = [];
let dir: string;
let file: string;

const render: Render = async (request) => {
  renders++;
  const url = new URL(request.url);
  // About 40 KB a page once gzipped: a few fill the memory below.
  const filler = `<p>${randomBytes(30_000).toString("base64")}</p>`;
  return new Response(`<html><body><p>${url.pathname}${url.search} ${edition}</p>${filler}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

/** One app process: its own memory (room for a few pages), the host's file on disk. */
async function processWith(disk: DiskPageStore | null) {
  const server = await pageCacheProcess({
    db: services.database.db,
    maxBytes: 200 * 1024,
    log: createLogger("silent"),
    render,
    disk,
  });
  servers.push(server);
  return server;
}

function diskStore(buildId = "build-1") {
  const store = openDiskPageStore(file, { maxBytes: 64 * 1024 * 1024, buildId });
  stores.push(store);
  return store;
}

let a: http.Server;
let b: http.Server;

beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fv-page-disk-"));
  file = path.join(dir, "page-cache.db");
  a = await processWith(diskStore());
  b = await processWith(diskStore());
});
afterAll(async () => {
  for (const server of servers) await closeServer(server);
  for (const store of stores) store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await services.close();
});

describe("the page cache's pages on disk (ADR 0034 §5)", () => {
  it("let another process of the host send a page without rendering it", async () => {
    const { urlName } = await signedUpOwner(services);
    renders = 0;
    const first = await rawGet(a, `/r/${urlName}`);
    const second = await rawGet(b, `/r/${urlName}`);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["MISS", "HIT"]);
    expect([second.body, second.headers.etag]).toEqual([first.body, first.headers.etag]);
    expect(renders).toBe(1);
  });

  it("bring back a page memory let go, without a render", async () => {
    const owner = await signedUpOwner(services);
    const pages = ["", "/menu", "/branches", "/reviews", "/branch/main"].map(
      (p) => `/r/${owner.urlName}${p}`,
    );
    renders = 0;
    for (const page of pages) await rawGet(a, page);
    expect(renders).toBe(pages.length);
    // Memory holds about four of them: the first was let go, and comes back from the file.
    const again = await rawGet(a, pages[0]!);
    expect([again.status, again.headers["x-page-cache"], renders]).toEqual([200, "HIT", pages.length]);
  });

  it("never send a page whose content changed since it was kept", async () => {
    const owner = await signedUpOwner(services);
    const page = `/r/${owner.urlName}/menu`;
    edition = "first";
    await rawGet(a, page);
    edition = "second";
    const section = await menus.addSection(services, owner.id, { originalName: "Drinks" });
    if (!section.ok) throw new Error(inEnglish(section.message));
    renders = 0;
    const after = await rawGet(b, page);
    expect([after.headers["x-page-cache"], after.body.includes("second"), renders]).toEqual([
      "MISS",
      true,
      1,
    ]);
    expect((await rawGet(a, page)).body).toContain("second");
    expect(renders).toBe(1);
  });

  it("keep no filtered or searched page on disk (anyone can make up as many)", async () => {
    const { urlName } = await signedUpOwner(services);
    renders = 0;
    const page = `/r/${urlName}/branch/main?type=Veg`;
    await rawGet(a, page);
    expect((await rawGet(b, page)).headers["x-page-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("keep two builds' pages apart", async () => {
    const { urlName } = await signedUpOwner(services);
    const other = await processWith(diskStore("build-2"));
    renders = 0;
    await rawGet(a, `/r/${urlName}/branches`);
    expect((await rawGet(other, `/r/${urlName}/branches`)).headers["x-page-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });
});
