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
import { inEnglish, keyed } from "~/lib/message.ts";

/**
 * On a first run, without PUBLIC_URL the QR codes and table cards embed a
 * local address (http://localhost:3000) that a guest's phone cannot open. Every
 * owner screen that shows or prints a code says so, and how to start with
 * another address; a local network address (192.168.x) is said to work on the same
 * Wi-Fi, not called unreachable; with a public address, nothing is said.
 */
// The notes as keys with the address apart (app/lib/message.ts): translated where they are shown.
const WARNING = {
  level: "warning",
  message: keyed(
    "Your QR codes point to {{origin}}, which phones cannot open. Start Foodverse again with PUBLIC_URL set to your public address, or to the network address npm start shows (e.g. PUBLIC_URL=http://192.168.1.20:3000 npm start): every code and link is rewritten to it.",
    { origin: "http://localhost:3000" },
  ),
};
const ON_THE_WIFI = {
  level: "info",
  message: keyed(
    "Your QR codes point to {{origin}}, an address on your local network: phones on the same Wi-Fi open it, phones on mobile data cannot. For every diner, start Foodverse with PUBLIC_URL set to your public address.",
    { origin: "http://192.168.1.20:3000" },
  ),
};

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
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branch = await addBranch(services, owner.id, { branchName: "Main", address: "Road 1", contact: "" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
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
      expect(profile.qrNote).toEqual(WARNING);

      const params = { branchName: local.branchUrl };
      const branch = await load(
        local,
        branchMenuPage.loader,
        `/profile/restaurant/mybranches/${local.branchUrl}`,
        params,
      );
      expect(branch.qrNote).toEqual(WARNING);

      expect((await load(local, qrCardPage.loader, "/profile/restaurant/qr-card")).note).toEqual(WARNING);
      const branchCard = await load(
        local,
        qrCardPage.loader,
        `/profile/restaurant/mybranches/${local.branchUrl}/qr-card`,
        params,
      );
      expect(branchCard.note).toEqual(WARNING);
    }));

  it("say a local network address works on the same Wi-Fi, without calling it unreachable", () =>
    withSetUp({ PUBLIC_URL: "http://192.168.1.20:3000" }, async (lan) => {
      const profile = await load(lan, profilePage.loader, "/profile/restaurant");
      expect(profile.restaurant.restQRcode).toMatch(/^http:\/\/192\.168\.1\.20:3000\//);
      expect(profile.qrNote).toEqual(ON_THE_WIFI);
      const params = { branchName: lan.branchUrl };
      expect((await load(lan, branchMenuPage.loader, "/x", params)).qrNote).toEqual(ON_THE_WIFI);
      expect((await load(lan, qrCardPage.loader, "/x")).note).toEqual(ON_THE_WIFI);
      expect((await load(lan, qrCardPage.loader, "/x", params)).note).toEqual(ON_THE_WIFI);
      expect(inEnglish(ON_THE_WIFI.message)).not.toMatch(/cannot open/);
    }));

  it("say nothing when PUBLIC_URL is a public address", () =>
    withSetUp({ PUBLIC_URL: "https://menus.foodverse.example" }, async (hosted) => {
      const profile = await load(hosted, profilePage.loader, "/profile/restaurant");
      expect(profile.restaurant.restQRcode).toMatch(/^https:\/\/menus\.foodverse\.example\//);
      expect(profile.qrNote).toBeNull();
      const params = { branchName: hosted.branchUrl };
      expect((await load(hosted, branchMenuPage.loader, "/x", params)).qrNote).toBeNull();
      expect((await load(hosted, qrCardPage.loader, "/x")).note).toBeNull();
      expect((await load(hosted, qrCardPage.loader, "/x", params)).note).toBeNull();
    }));
});
