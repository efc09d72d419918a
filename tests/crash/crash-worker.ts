// Run by tests/integration/crash.test.ts (bundled by Vite, so `~/` and JSON imports
// work under plain Node) and killed with SIGKILL at a random moment. It adds branches
// (each copies the whole general menu in one transaction), posts reviews on them, and
// edits and moves general dishes (each change reaches every branch in one transaction,
// ADR 0021), printing "ack …" only after each write has committed: stdout to a pipe is
// synchronous on Linux, so every printed ack was durable when it was printed. Branches
// and reviews are posted with a form token (ADR 0032), "send {…}" printed first: what a
// kill left without its ack is sent again by the next run, first, as a diner would.
import { addBranch } from "~/features/branches/branches.server.ts";
import { moveItem, updateItemDetails } from "~/features/menus/menus.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { parseEnv } from "~/server/env.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createServices } from "~/server/services.server.ts";

interface CrashWorld {
  ownerId: string;
  urlName: string;
  customerIds: string[];
  /** A general dish the worker renames and reprices (it stays at position 1 of its section). */
  editItemId: string;
  /** General dishes the worker moves up and down within their section. */
  moveItemIds: string[];
  run: number;
  /** The posts the previous run sent and was killed before acknowledging. */
  resend: Post[];
}

/** A post as "send" prints it: enough to send it again, token and all. */
type Post =
  | { kind: "branch"; values: Record<string, string> }
  | { kind: "review"; customerId: string; branchUrl: string; values: Record<string, string> };

const world = JSON.parse(process.env.CRASH_WORLD ?? "{}") as CrashWorld;
const env = parseEnv({
  NODE_ENV: "test",
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  AUTH_SECRET: "crash-test-secret-crash-test-secret-0123",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "http://localhost:3000",
});
const services = createServices(env, { log: createLogger("silent") });
console.log("ready");

/** Posts a branch or a review, printing "send" before and "ack {kind} {id} {token}" once committed. */
async function send(post: Post): Promise<string | null> {
  console.log(`send ${JSON.stringify(post)}`);
  const token = post.values.submission;
  if (post.kind === "branch") {
    const added = await addBranch(services, world.ownerId, post.values);
    if (!added.ok) console.log(`refused branch ${token} ${added.status} ${added.message}`);
    else console.log(`ack branch ${added.branchUrl} ${token}`);
    return added.ok ? added.branchUrl : null;
  }
  const target = { urlName: world.urlName, branchUrl: post.branchUrl };
  const posted = await postReview(services, post.customerId, target, { values: post.values, photos: [] });
  if (!posted.ok) console.log(`refused review ${token} ${posted.status} ${posted.message}`);
  else console.log(`ack review ${posted.id} ${token}`);
  return posted.ok ? posted.id : null;
}

for (const post of world.resend) await send(post);

for (let n = 0; ; n += 1) {
  const branchUrl = await send({
    kind: "branch",
    values: {
      branchName: `Crash ${world.run}-${n}`,
      provinceLabel: "Islamabad Capital Territory",
      cityLabel: "Islamabad",
      areaLabel: "F-7",
      address: "Jinnah Super",
      contact: "051-1234567",
      submission: crypto.randomUUID(),
    },
  });
  if (!branchUrl) continue;
  const name = `Edited ${world.run}-${n}`;
  const edited = await updateItemDetails(services, world.ownerId, world.editItemId, {
    values: {
      name,
      price: String(100 + n),
      itemPriceRange: "0-500",
      itemTaste: "Spicy",
      itemType: "Veg",
      positionInSection: "1",
    },
    files: new Map(),
  });
  if (edited.ok) console.log(`ack edit ${name}`);
  else console.log(`refused edit ${edited.status} ${edited.message}`);
  const moving = world.moveItemIds[n % world.moveItemIds.length]!;
  const moved = await moveItem(services, world.ownerId, moving, n % 2 === 0 ? 1 : -1);
  if (!moved.ok) console.log(`refused move ${moved.status} ${moved.message}`);
  for (const [i, customerId] of world.customerIds.entries()) {
    await send({
      kind: "review",
      customerId,
      branchUrl,
      values: {
        rating: String(1 + ((n + i) % 5)),
        review: `Visit ${n} of run ${world.run}.`,
        submission: crypto.randomUUID(),
      },
    });
  }
}
