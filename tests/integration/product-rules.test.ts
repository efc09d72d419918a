import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments, tests and docs cite the product's rules as "product rules §n": each
 * such n must be a section of docs/product-rules.md, so every cited rule can be
 * read inside the repository. Citations of the old outside file ("SPEC §n") are
 * not allowed back in.
 */
const root = path.resolve(import.meta.dirname, "../..");
const RULES = "docs/product-rules.md";
const SEARCHED = ["app", "server", "scripts", "bench", "tests", "docs", "server.ts", "README.md"];
const SKIPPED = new Set(["node_modules", "build", ".react-router"]);

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

/** "product rules §2", "§2/§9", "§5 and §8", "§2, §5, §8": every section number named. */
function citedSections(text: string): number[] {
  const cited: number[] = [];
  for (const match of text.matchAll(/product rules ((?:§\d+(?:\/|,\s*|\s+and\s+)?)+)/gi))
    for (const section of match[1]!.matchAll(/§(\d+)/g)) cited.push(Number(section[1]));
  return cited;
}

describe("product rules", () => {
  const sections = new Set(
    [...fs.readFileSync(path.join(root, RULES), "utf8").matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])),
  );
  const files = SEARCHED.flatMap(filesUnder).filter((f) => /\.(tsx?|md)$/.test(f) && f !== RULES);

  it("reads the citation forms the code uses", () => {
    expect(
      citedSections("see product rules §2/§9, and Product rules §5 and §8 or product rules §2, §5, §8"),
    ).toEqual([2, 9, 5, 8, 2, 5, 8]);
  });

  it("every cited section exists in docs/product-rules.md", () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const section of citedSections(text)) {
        count++;
        if (!sections.has(section)) missing.push(`${file}: product rules §${section}`);
      }
    }
    expect(missing).toEqual([]);
    // The code cites the rules in dozens of places: finding none means this test stopped looking.
    expect(count).toBeGreaterThan(40);
  });

  it("nothing cites the specification outside the repository by section", () => {
    const outside = files.filter((file) => /\bSPEC §\d/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(outside).toEqual([]);
  });
});
