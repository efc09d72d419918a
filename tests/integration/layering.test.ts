import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { IConfiguration, IReporterOutput } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The import rules of .dependency-cruiser.cjs (run by `npm run lint`) on a tiny
 * tree of made-up files: each forbidden import must be caught by its own rule, and
 * the allowed ones by none, so the rules can neither be empty nor too loose.
 */
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as IConfiguration;

/** file → what it imports (relative paths, as the fixture has no tsconfig alias). */
const FIXTURE: Record<string, string> = {
  // Allowed: route → feature use case → lower feature, app/server, app/lib.
  "app/routes/ok.tsx": `import { useCase } from "../features/branches/branches.server.ts";\nexport default useCase;`,
  "app/features/branches/branches.server.ts": `import { q } from "./branches.queries.server.ts";\nimport { r } from "../restaurants/restaurants.server.ts";\nimport { db } from "../../server/db.server.ts";\nimport { slug } from "../../lib/slug.ts";\nexport const useCase = [q, r, db, slug];`,
  "app/features/branches/branches.queries.server.ts": `import type { Kysely } from "kysely";\nexport const q = 1 as unknown as Kysely<never>;`,
  "app/features/restaurants/restaurants.server.ts": `import { viewer } from "../accounts/access.server.ts";\nexport const r = viewer;`,
  "app/features/accounts/access.server.ts": `export const viewer = 1;`,
  "app/server/db.server.ts": `export const db = 1;`,
  "app/lib/slug.ts": `export const slug = 1;`,
  "app/features/menus/components/row.tsx": `import type { Row } from "../menus.queries.server.ts";\nexport type R = Row;`,
  "app/features/menus/menus.queries.server.ts": `import { sql } from "kysely";\nexport type Row = { id: string };\nexport const count = sql;`,
  "app/server/toast.server.ts": `export const flashToast = 1;`,
  "app/features/menus/item-form-action.server.ts": `import { flashToast } from "../../server/toast.server.ts";\nexport const act = flashToast;`,

  // Forbidden, one per rule.
  "app/features/accounts/upward.ts": `import { useCase } from "../branches/branches.server.ts";\nexport const x = useCase;`,
  "app/features/newthing/thing.ts": `export const thing = 1;`,
  "app/features/restaurants/uses-new.ts": `import { thing } from "../newthing/thing.ts";\nexport const y = thing;`,
  "app/server/upward.server.ts": `import { viewer } from "../features/accounts/access.server.ts";\nexport const z = viewer;`,
  "app/lib/upward.ts": `import { db } from "../server/db.server.ts";\nexport const w = db;`,
  "app/routes/db.tsx": `import { q } from "../features/branches/branches.queries.server.ts";\nexport default q;`,
  "app/routes/kysely.tsx": `import { sql } from "kysely";\nexport default sql;`,
  "app/components/ui/leak.tsx": `import { db } from "../../server/db.server.ts";\nexport const v = db;`,
  "app/features/menus/components/leak.tsx": `import { viewer } from "../../accounts/access.server.ts";\nexport const u = viewer;`,
  "app/features/menus/a.ts": `import { b } from "./b.ts";\nexport const a = b;`,
  "app/features/menus/b.ts": `import { a } from "./a.ts";\nexport const b = a;`,
  "app/features/menus/raw-sql.server.ts": `import { sql } from "kysely";\nexport const s = sql;`,
  "app/features/menus/reads-request.server.ts": `import { flashToast } from "../../server/toast.server.ts";\nexport const r = flashToast;`,
  "app/features/menus/imports-route.ts": `import ok from "../../routes/ok.tsx";\nexport const t = ok;`,
};

let root: string;
let violations: { rule: string; from: string; to: string }[];

beforeAll(async () => {
  // As `npm run lint` does: TypeScript 6's parser for dependency-cruiser, then dependency-cruiser.
  await import("../../scripts/lib/cruiser-typescript.ts");
  const { cruise } = await import("dependency-cruiser");
  root = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-layering-"));
  for (const [file, source] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  // A stand-in kysely package, so the import resolves inside the fixture as it does in the project.
  const kysely = path.join(root, "node_modules/kysely");
  fs.mkdirSync(kysely, { recursive: true });
  fs.writeFileSync(path.join(kysely, "package.json"), JSON.stringify({ name: "kysely", main: "index.js" }));
  fs.writeFileSync(path.join(kysely, "index.js"), "export const sql = 1;\n");
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const cwd = process.cwd();
  process.chdir(root);
  let result: IReporterOutput;
  try {
    result = await cruise(["app"], { ...options, ruleSet: { forbidden: config.forbidden }, validate: true });
  } finally {
    process.chdir(cwd);
  }
  const output = result.output as Exclude<typeof result.output, string>;
  violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 60_000);

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const caught = (rule: string, from: string) => violations.some((v) => v.rule === rule && v.from === from);

describe("the import rules of .dependency-cruiser.cjs", () => {
  it.each([
    ["feature-order-accounts", "app/features/accounts/upward.ts"],
    ["feature-not-in-order", "app/features/restaurants/uses-new.ts"],
    ["infrastructure-below-features", "app/server/upward.server.ts"],
    ["lib-is-the-bottom", "app/lib/upward.ts"],
    ["no-database-in-routes-or-ui", "app/routes/db.tsx"],
    ["no-database-in-routes-or-ui", "app/routes/kysely.tsx"],
    ["no-server-code-in-the-browser", "app/components/ui/leak.tsx"],
    ["no-server-code-in-the-browser", "app/features/menus/components/leak.tsx"],
    ["no-circular", "app/features/menus/a.ts"],
    ["nothing-imports-routes", "app/features/menus/imports-route.ts"],
    ["queries-only-in-query-modules", "app/features/menus/raw-sql.server.ts"],
    ["requests-only-in-action-adapters", "app/features/menus/reads-request.server.ts"],
  ])("%s catches %s", (rule, from) => {
    expect(caught(rule, from), JSON.stringify(violations, null, 1)).toBe(true);
  });

  it("lets the allowed direction through: type-only rows, SQL in queries, requests in adapters", () => {
    const allowed = [
      "app/routes/ok.tsx",
      "app/features/branches/branches.server.ts",
      "app/features/restaurants/restaurants.server.ts",
      "app/features/menus/components/row.tsx",
      "app/features/menus/menus.queries.server.ts",
      "app/features/menus/item-form-action.server.ts",
    ];
    expect(violations.filter((v) => allowed.includes(v.from))).toEqual([]);
  });
});
