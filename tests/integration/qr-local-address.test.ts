import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import * as branchMenuPage from "~/routes/restaurant/branches/branch-menu.tsx";
import * as profilePage from "~/routes/restaurant/profile.tsx";
import * as qrCardPage from "~/routes/restaurant/qr-card.tsx";
import { servicesContext } from "~/server/context.ts";
import { signedUpOwner, type SignedUpOwner } from "../setup/accounts.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { loaderData, type LoaderData } from "../setup/loader-data.ts";

/**
 * Issue 15, first run: without PUBLIC_URL the QR codes and table cards embed a
 * local address (http://localhost:3000) that a guest's phone cannot open. Every
 * owner screen that shows or prints a code says so; with a public address, none does.
 */
const WARNING =
  "Your QR codes point to http://localhost:3000, which phones cannot open. Set PUBLIC_URL to your public address before printing.";

interface Setup {
  services: TestServices;
  owner: SignedUpOwner;
  branchUrl: string;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const services = await createTestServices({ APPROVAL_MODE: "auto", ...env });
  const owner = await signedUpOwner(services);
  // A branch copies the general menu, so it needs a section first.
  const section = await addSection(services, owner.id, { originalName: "Mains" });
  if (!section.ok) throw new Error(section.message);
  const branch = await addBranch(services, owner.id, { branchName: "Main", address: "Road 1", contact: "" });
  if (!branch.ok) throw new Error(branch.message);
  return { services, owner, branchUrl: branch.branchUrl };
}

/** Calls a route's loader as React Router does, signed in as the owner. */
async function load<L extends (args: never) => unknown>(
  { services, owner }: Setup,
  loader: L,
  path: string,
  params: Record<string, string> = {},
): Promise<LoaderData<L>> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`http://localhost:3000${path}`, { headers: owner.cookies });
  return loaderData(loader, { request, params, context });
}

/** One set-up at a time: on PostgreSQL each empties the one shared database, signing out the other's owner. */
async function withSetUp(env: Record<string, string>, check: (setup: Setup) => Promise<void>) {
  const setup = await setUp(env);
  try {
    await check(setup);
  } finally {
    await setup.services.close();
  }
}

describe("the owner's QR screens and a local public address", () => {
  it("warn on the profile, the branch page and the table cards", () =>
    withSetUp({}, async (local) => {
      const profile = await load(local, profilePage.loader, "/profile/restaurant");
      expect(profile.restaurant.restQRcode).toMatch(/^http:\/\/localhost:3000\//);
      expect(profile.qrWarning).toBe(WARNING);

      const params = { branchName: local.branchUrl };
      const branch = await load(
        local,
        branchMenuPage.loader,
        `/profile/restaurant/mybranches/${local.branchUrl}`,
        params,
      );
      expect(branch.qrWarning).toBe(WARNING);

      expect((await load(local, qrCardPage.loader, "/profile/restaurant/qr-card")).warning).toBe(WARNING);
      const branchCard = await load(
        local,
        qrCardPage.loader,
        `/profile/restaurant/mybranches/${local.branchUrl}/qr-card`,
        params,
      );
      expect(branchCard.warning).toBe(WARNING);
    }));

  it("say nothing when PUBLIC_URL is a public address", () =>
    withSetUp({ PUBLIC_URL: "https://menus.foodverse.example" }, async (hosted) => {
      const profile = await load(hosted, profilePage.loader, "/profile/restaurant");
      expect(profile.restaurant.restQRcode).toMatch(/^https:\/\/menus\.foodverse\.example\//);
      expect(profile.qrWarning).toBeNull();
      const params = { branchName: hosted.branchUrl };
      expect((await load(hosted, branchMenuPage.loader, "/x", params)).qrWarning).toBeNull();
      expect((await load(hosted, qrCardPage.loader, "/x")).warning).toBeNull();
      expect((await load(hosted, qrCardPage.loader, "/x", params)).warning).toBeNull();
    }));
});
