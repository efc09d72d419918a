import { sql } from "kysely";
import { isWebLink } from "~/features/accounts/accounts.schema.ts";
import { slugProblem } from "~/lib/slug.ts";
import type { TestServices } from "../../setup/test-services.ts";
import type { Snapshot, TableChange } from "../authorization/db-snapshot.ts";

/**
 * "Exactly one complete write", judged without knowing the write: after an
 * accepted request every count and rating the app keeps matches the rows it
 * summarises, every account has its role row, every media file a changed row
 * names is stored, every file the write stored is named by a row, and no row
 * still names a file the write removed. A write that stopped half way (a row
 * without its counter, a picture without its row) breaks one of these.
 */
export async function integrityProblems(
  services: TestServices,
  changes: TableChange[],
  after: Snapshot,
): Promise<string[]> {
  return [
    ...(await countProblems(services)),
    ...(await accountProblems(services)),
    ...(await storedValueProblems(services)),
    ...mediaProblems(changes, after),
  ];
}

type Row = Record<string, unknown>;

async function rows(services: TestServices, query: ReturnType<typeof sql<Row>>): Promise<Row[]> {
  return (await query.execute(services.database.db)).rows;
}

const close = (a: unknown, b: unknown) => Math.abs(Number(a) - Number(b)) < 0.006;

async function countProblems(services: TestServices): Promise<string[]> {
  const problems: string[] = [];
  const restaurants = await rows(
    services,
    sql<Row>`
      select r.id, r."restNoofBranches", r."restNoofReviews", r."restRating",
        (select count(*) from branch b where b."restaurantId" = r.id) as branches,
        (select count(*) from review v where v."restaurantId" = r.id and v.hidden = 0) as reviews,
        (select coalesce(avg(v.rating), 0) from review v where v."restaurantId" = r.id and v.hidden = 0) as average
      from restaurant r`,
  );
  for (const r of restaurants) {
    if (Number(r.restNoofBranches) !== Number(r.branches))
      problems.push(`restaurant ${r.id}: restNoofBranches ${r.restNoofBranches}, ${r.branches} branches`);
    if (Number(r.restNoofReviews) !== Number(r.reviews))
      problems.push(`restaurant ${r.id}: restNoofReviews ${r.restNoofReviews}, ${r.reviews} visible reviews`);
    if (!close(r.restRating, Math.round(Number(r.average) * 100) / 100))
      problems.push(`restaurant ${r.id}: restRating ${r.restRating}, average ${r.average}`);
  }
  const items = await rows(
    services,
    sql<Row>`
      select i.id, i."itemRating", i."itemRatingBy", count(r.rating) as n, coalesce(avg(r.rating), 0) as average
      from menu_item i left join item_rating r on r."itemId" = i.id
      where i."branchId" is null
      group by i.id, i."itemRating", i."itemRatingBy"
      having count(r.rating) > 0 or i."itemRatingBy" > 0`,
  );
  for (const i of items) {
    if (
      Number(i.itemRatingBy) !== Number(i.n) ||
      !close(i.itemRating, Math.round(Number(i.average) * 100) / 100)
    )
      problems.push(
        `item ${i.id}: rating ${i.itemRating} by ${i.itemRatingBy}, rows say ${i.average} by ${i.n}`,
      );
  }
  // A dish sits in a section of its own restaurant and menu (the general one or the same branch).
  const misplaced = await rows(
    services,
    sql<Row>`
      select i.id from menu_item i join menu_section s on s.id = i."sectionId"
      where s."restaurantId" <> i."restaurantId"
        or coalesce(s."branchId", '') <> coalesce(i."branchId", '')`,
  );
  for (const i of misplaced) problems.push(`item ${i.id} is in another menu's section`);
  return problems;
}

/** Every person is one user row and exactly one role row (a sign-up that stopped half way is not). */
async function accountProblems(services: TestServices): Promise<string[]> {
  const found = await rows(
    services,
    sql<Row>`
      select u.id,
        (select count(*) from customer c where c.id = u.id)
        + (select count(*) from restaurant r where r.id = u.id)
        + (select count(*) from admin a where a.id = u.id) as roles,
        (select count(*) from account a where a."userId" = u.id) as logins
      from "user" u`,
  );
  return found
    .filter((u) => Number(u.roles) !== 1 || Number(u.logins) !== 1)
    .map((u) => `user ${u.id}: ${u.roles} role rows, ${u.logins} password accounts`);
}

/**
 * docs/threat-model.md: what was accepted is safe where it is shown. Every stored link is a
 * web address (never `javascript:`), every restaurant and branch slug is an
 * address of its own (never `..` nor a word of the site's own pages).
 */
async function storedValueProblems(services: TestServices): Promise<string[]> {
  const problems: string[] = [];
  const restaurants = await rows(
    services,
    sql<Row>`select id, "urlName", "restInsta", "restFb", "restX", "restWebsite", sociallinks from restaurant`,
  );
  const customers = await rows(services, sql<Row>`select id, sociallinks from customer`);
  for (const r of [...restaurants, ...customers]) {
    const links = [
      r.restInsta,
      r.restFb,
      r.restX,
      r.restWebsite,
      ...(JSON.parse(String(r.sociallinks)) as unknown[]),
    ];
    for (const link of links) {
      if (typeof link === "string" && link !== "" && !isWebLink(link))
        problems.push(`${String(r.id)} stores the link ${JSON.stringify(link)}`);
    }
  }
  const slugs = [
    ...restaurants.map((r) => String(r.urlName)),
    ...(await rows(services, sql<Row>`select "branchUrl" from branch`)).map((b) => String(b.branchUrl)),
  ];
  for (const slug of slugs) {
    if (slugProblem(slug)) problems.push(`the slug ${JSON.stringify(slug)} opens another page`);
  }
  return problems;
}

const MEDIA_URL = /\/media\/((?:img|vid)\/[a-z0-9/_.-]+)/g;

/** Stored files, without the tus folder (unfinished uploads are not media yet) and sizes. */
function storedKeys(files: string[] | undefined): Set<string> {
  return new Set((files ?? []).map((f) => f.slice(0, f.lastIndexOf(" "))));
}

const namesIn = (text: string) => [...text.matchAll(MEDIA_URL)].map((m) => m[1]!);

/** "uploads/img/ab12/400.webp 1234" → "img/ab12/400.webp"; null for files that are not media (tus). */
const mediaKeyOf = (file: string) =>
  /(?:^|\/)((?:img|vid)\/.+)$/.exec(file.slice(0, file.lastIndexOf(" ")))?.[1];

function mediaProblems(changes: TableChange[], after: Snapshot): string[] {
  const problems: string[] = [];
  const stored = [...storedKeys(after.get("(files)"))];
  const isStored = (key: string) => stored.some((file) => file === key || file.endsWith(`/${key}`));
  const fileChange = changes.find((c) => c.table === "(files)");
  // Every file a new or changed row names is there.
  for (const change of changes) {
    if (change.table === "(files)") continue;
    for (const row of change.added) {
      for (const key of namesIn(JSON.stringify(row))) {
        if (!isStored(key)) problems.push(`${change.table} row names /media/${key}, which is not stored`);
      }
    }
  }
  if (!fileChange) return problems;
  const everyRow = [...after].filter(([table]) => table !== "(files)").flatMap(([, list]) => list);
  const named = new Set(everyRow.flatMap(namesIn));
  // Every media file the write stored is named by a row (an image's sizes share its folder).
  for (const { file } of fileChange.added as { file: string }[]) {
    const key = mediaKeyOf(file);
    if (!key) continue;
    const folder = key.slice(0, key.lastIndexOf("/") + 1);
    if (![...named].some((n) => n === key || n.startsWith(folder)))
      problems.push(`${key} was stored but no row names it`);
  }
  // No row names a file the write removed.
  const left = storedKeys(after.get("(files)"));
  for (const { file } of fileChange.removed as { file: string }[]) {
    const key = mediaKeyOf(file);
    if (key && named.has(key) && ![...left].some((f) => f.endsWith(key)))
      problems.push(`${key} was removed but a row still names it`);
  }
  return problems;
}
