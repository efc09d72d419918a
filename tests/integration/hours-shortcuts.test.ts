import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSection } from "~/features/menus/menus.server.ts";
import { HOURS_SHORTCUT_MESSAGES as M } from "~/features/branches/hours-shortcuts.messages.ts";
import * as hoursRoute from "~/routes/restaurant/branches/hours.tsx";
import { servicesContext } from "~/server/context.ts";
import { signedUpCustomer, signedUpOwner, type SignedUpOwner } from "../setup/accounts.ts";
import { loaderData } from "../setup/loader-data.ts";
import { branchOf, branchRow } from "../setup/menus.ts";
import { createTestServices, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

/**
 * A week's hours were 28 inputs a branch. 'Copy Monday to every day', a
 * 'Closed on …' box a day and 'Same hours as branch …' fill the form; without scripts
 * the server fills it (nothing is saved until 'Save opening hours'), and only the
 * owner's own branches can be copied.
 */
const ORIGIN = "http://localhost:3000";
let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto" });
});
afterAll(() => services.close());

function context() {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, services);
  return provider;
}

const path = (branch: string) => `/profile/restaurant/mybranches/${branch}/hours`;

/** The hours route's answer to a post of `form` as `cookies` (none: a visitor). */
async function post(branch: string, form: Record<string, string>, cookies?: Headers) {
  const headers = new Headers(cookies);
  headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`${ORIGIN}${path(branch)}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
  });
  try {
    return await hoursRoute.action({ request, context: context(), params: { branchName: branch } } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Answer = { values: Record<string, string>; notice: string; fieldErrors: Record<string, string> };
/** What the page gets from an answer: its data, and its status (200 when plain data). */
function answerOf(answer: unknown): { status: number; data: Answer } {
  if (answer instanceof Response) return { status: answer.status, data: {} as Answer };
  const wrapped = answer as { type?: string; data?: Answer; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data! };
  return { status: 200, data: answer as Answer };
}

async function storedHours(owner: SignedUpOwner, branch: string) {
  return (await branchRow(services, owner.id, branch)).openingHours;
}

async function ownerWithBranches(...names: string[]) {
  const owner = await signedUpOwner(services);
  const section = await addSection(services, owner.id, { originalName: "Karahi" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branches: string[] = [];
  for (const name of names) branches.push(await branchOf(services, owner.id, name));
  return { owner, branches };
}

async function idOf(ownerId: string, branch: string) {
  return (await branchRow(services, ownerId, branch)).id;
}

const WEEKDAYS = ["tue", "wed", "thu", "fri", "sat"] as const;

describe("Copy Monday to every day", () => {
  it("fills every open day with Monday's two times, leaves the days ticked closed, and saves nothing", async () => {
    const { owner, branches } = await ownerWithBranches("Blue Area");
    const branch = branches[0]!;
    const form = {
      monOpens0: "12:00",
      monCloses0: "15:00",
      monOpens1: "19:00",
      monCloses1: "01:00",
      sunClosed: "on",
      wedOpens0: "09:00",
      wedCloses0: "10:00",
      note: "Ramadan: iftar to sehri",
      intent: "copy-monday",
    };
    const { status, data } = answerOf(await post(branch, form, owner.cookies));
    expect(status).toBe(200);
    expect(data.notice).toBe(M.mondayCopied);
    for (const day of WEEKDAYS) {
      expect([data.values[`${day}Opens0`], data.values[`${day}Closes0`]], day).toEqual(["12:00", "15:00"]);
      expect([data.values[`${day}Opens1`], data.values[`${day}Closes1`]], day).toEqual(["19:00", "01:00"]);
    }
    expect(data.values).toMatchObject({ sunClosed: "on", sunOpens0: "", note: form.note });
    expect(await storedHours(owner, branch)).toBe("");

    // The owner changes Saturday, then saves: Sunday stays closed.
    const week = { ...data.values, satOpens1: "", satCloses1: "", satCloses0: "23:00" };
    const saved = await post(branch, week, owner.cookies);
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    const stored = JSON.parse(await storedHours(owner, branch)) as { days: Record<string, string[][]> };
    expect(stored.days).toEqual({
      mon: [
        ["12:00", "15:00"],
        ["19:00", "01:00"],
      ],
      tue: [
        ["12:00", "15:00"],
        ["19:00", "01:00"],
      ],
      wed: [
        ["12:00", "15:00"],
        ["19:00", "01:00"],
      ],
      thu: [
        ["12:00", "15:00"],
        ["19:00", "01:00"],
      ],
      fri: [
        ["12:00", "15:00"],
        ["19:00", "01:00"],
      ],
      sat: [["12:00", "23:00"]],
      sun: [],
    });
  });

  it("asks for Monday's hours first when Monday has none", async () => {
    const { owner, branches } = await ownerWithBranches("Saddar");
    const { status, data } = answerOf(
      await post(
        branches[0]!,
        { tueOpens0: "12:00", tueCloses0: "22:00", intent: "copy-monday" },
        owner.cookies,
      ),
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ monOpens0: M.mondayEmpty });
    expect(data.values).toMatchObject({ tueOpens0: "12:00" });
  });
});

describe("Closed on …", () => {
  it("saves a ticked day closed, whatever times it still holds", async () => {
    const { owner, branches } = await ownerWithBranches("Gulberg");
    const answer = await post(
      branches[0]!,
      { monOpens0: "12:00", monCloses0: "23:00", friOpens0: "12:00", friCloses0: "23:00", friClosed: "on" },
      owner.cookies,
    );
    expect((answer as Response).status).toBe(302);
    const stored = JSON.parse(await storedHours(owner, branches[0]!)) as { days: Record<string, string[][]> };
    expect(stored.days.mon).toEqual([["12:00", "23:00"]]);
    expect(stored.days.fri).toEqual([]);
    // The form shows it ticked again, and the days never given as closed too.
    const page = await loaderData(hoursRoute.loader, {
      request: new Request(`${ORIGIN}${path(branches[0]!)}`, { headers: owner.cookies }),
      context: context(),
      params: { branchName: branches[0]! },
    });
    expect(page.values).toMatchObject({
      monClosed: "",
      monOpens0: "12:00",
      friClosed: "on",
      sunClosed: "on",
    });
  });
});

describe("Same hours as branch …", () => {
  it("fills the form with another of the owner's branches' days, keeping this branch's note; saves nothing", async () => {
    const { owner, branches } = await ownerWithBranches("Blue Area", "Saddar", "Empty");
    const [blueArea, saddar] = branches as [string, string];
    await post(
      blueArea,
      { monOpens0: "11:00", monCloses0: "23:30", friClosed: "on", satOpens0: "10:00", satCloses0: "02:00" },
      owner.cookies,
    );
    const page = await loaderData(hoursRoute.loader, {
      request: new Request(`${ORIGIN}${path(saddar)}`, { headers: owner.cookies }),
      context: context(),
      params: { branchName: saddar },
    });
    // Only the owner's other branches that have hours are offered.
    expect(page.others.map((o) => o.branchName)).toEqual(["Blue Area"]);
    const from = page.others[0]!.id;
    const { status, data } = answerOf(
      await post(
        saddar,
        { intent: "copy-branch", fromBranch: from, note: "Saddar's own note" },
        owner.cookies,
      ),
    );
    expect(status).toBe(200);
    expect(data.notice).toEqual(M.branchCopied("Blue Area"));
    expect(data.values).toMatchObject({
      monOpens0: "11:00",
      monCloses0: "23:30",
      friClosed: "on",
      tueClosed: "on",
      satOpens0: "10:00",
      satCloses0: "02:00",
      note: "Saddar's own note",
    });
    expect(await storedHours(owner, saddar)).toBe("");
  });

  it("refuses another owner's branch, a branch without hours and the branch itself, changing nothing and sending none of their hours", async () => {
    const { owner, branches } = await ownerWithBranches("Blue Area", "Empty");
    const other = await ownerWithBranches("Main");
    await post(other.branches[0]!, { monOpens0: "06:45", monCloses0: "21:15" }, other.owner.cookies);
    await post(branches[0]!, { monOpens0: "12:00", monCloses0: "23:00" }, owner.cookies);
    const before = [await storedHours(owner, branches[0]!), await storedHours(other.owner, "main")];
    const theirs = await idOf(other.owner.id, "main");
    const refusal = async (fromBranch: string, branch = branches[0]!) =>
      answerOf(await post(branch, { intent: "copy-branch", fromBranch, note: "" }, owner.cookies));

    const stolen = await refusal(theirs);
    expect(stolen.status).toBe(400);
    expect(stolen.data.fieldErrors).toEqual({ fromBranch: M.chooseBranch });
    expect(JSON.stringify(stolen.data)).not.toContain("06:45");
    // The same words for an id that is no branch at all: no telling whose it is.
    expect((await refusal("no-such-branch")).data.fieldErrors).toEqual({ fromBranch: M.chooseBranch });
    expect((await refusal(await idOf(owner.id, branches[0]!))).data.fieldErrors).toEqual({
      fromBranch: M.chooseBranch,
    });
    expect((await refusal(await idOf(owner.id, branches[1]!))).data.fieldErrors).toEqual({
      fromBranch: M.branchHasNoHours("Empty"),
    });
    // Nor can they copy into the other owner's branch.
    const into = answerOf(
      await post(
        "main",
        { intent: "copy-branch", fromBranch: await idOf(owner.id, branches[0]!) },
        owner.cookies,
      ),
    );
    expect(into.status).toBe(404);
    expect([await storedHours(owner, branches[0]!), await storedHours(other.owner, "main")]).toEqual(before);
  });

  it("refuses a visitor and a customer, changing nothing, where the owner's copy goes through", async () => {
    const { owner, branches } = await ownerWithBranches("Blue Area", "Saddar");
    await post(branches[0]!, { monOpens0: "12:00", monCloses0: "23:00" }, owner.cookies);
    const customer = await signedUpCustomer(services);
    const before = await Promise.all(branches.map((b) => storedHours(owner, b)));
    for (const intent of ["copy-branch", "copy-monday", ""]) {
      const form = { intent, fromBranch: "x", monOpens0: "01:00", monCloses0: "02:00" };
      const visitor = await post(branches[1]!, form);
      expect(visitor).toBeInstanceOf(Response);
      expect((visitor as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/u);
      const asCustomer = await post(branches[1]!, form, customer.cookies);
      expect(asCustomer).toBeInstanceOf(Response);
      expect((asCustomer as Response).status).toBe(302);
      expect((asCustomer as Response).headers.get("location")).not.toContain("hours");
    }
    expect(await Promise.all(branches.map((b) => storedHours(owner, b)))).toEqual(before);
    const page = await loaderData(hoursRoute.loader, {
      request: new Request(`${ORIGIN}${path(branches[1]!)}`, { headers: owner.cookies }),
      context: context(),
      params: { branchName: branches[1]! },
    });
    const own = answerOf(
      await post(branches[1]!, { intent: "copy-branch", fromBranch: page.others[0]!.id }, owner.cookies),
    );
    expect(own.data.values).toMatchObject({ monOpens0: "12:00", monCloses0: "23:00" });
  });
});
