// ADR 0026: every text the interface shows has its Urdu message, with the same
// {{values}}, and no English sentence is left outside t() in a component.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { registerMessages, translateMessage } from "./i18n.ts";
import { urduMessages } from "./urdu-messages.ts";

registerMessages("ur", urduMessages);

const english: Record<string, string> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, string>>("./en/*.json", { eager: true, import: "default" }),
  ),
);

const SOURCE = path.resolve(__dirname, "..");

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(?:ts|tsx)$/u.test(entry.name) && !/\.(?:test|server)\.ts$|\.d\.ts$/u.test(entry.name))
      out.push(full);
  }
  return out;
}

const files = sourceFiles(SOURCE).map((file) => ({
  file: path.relative(SOURCE, file),
  text: fs.readFileSync(file, "utf8"),
}));

/** Keys passed as string literals to t(…) (or to translators named t). */
function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const call = /\bt\(\s*(["'])((?:\\.|(?!\1).)*)\1/gu;
  for (const { file, text } of files) {
    for (const match of text.matchAll(call)) {
      const key = JSON.parse(`"${match[2]!.replace(/\\'/gu, "'").replace(/"/gu, '\\"')}"`) as string;
      if (!keys.has(key)) keys.set(key, file);
    }
  }
  return keys;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/gu)].map((m) => m[1]).toSorted();

describe("the Urdu catalog", () => {
  const keys = usedKeys();

  test("has a message for every text the components translate", () => {
    const missing = [...keys]
      .filter(([key]) => !(key in urduMessages) && !(`${key}_other` in urduMessages))
      .map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
    expect(keys.size).toBeGreaterThan(100);
  });

  test("keeps every {{value}} of the English text, and plurals in both languages", () => {
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(urduMessages)) {
      const base = key.replace(/_(?:one|other)$/u, "");
      if (JSON.stringify(placeholders(base)) !== JSON.stringify(placeholders(message))) wrong.push(key);
      if (!message.trim()) wrong.push(key);
    }
    for (const key of keys.keys()) {
      if (!key.includes("{{count}}")) continue;
      if (!(`${key}_one` in english && `${key}_other` in english)) wrong.push(`en: ${key}`);
      if (!(`${key}_other` in urduMessages)) wrong.push(`ur: ${key}`);
    }
    expect(wrong).toEqual([]);
  });
});

// Words that are the same in both languages: the brand, units and codes.
const SAME_IN_BOTH = /^(?:Foodverse|Rs\.|\$|QR|PNG|SVG|CSV|XLSX|JSON|PDF|A6|OK|×|·|—|–|\W*)$/u;

describe("components", () => {
  test("show no English text outside t()", () => {
    const bare: string[] = [];
    const jsxText = />([^<>{}]*[A-Za-z]{2,}[^<>{}]*)</gu;
    const attribute =
      /\b(?:placeholder|aria-label|title|alt|label|description|hint)=(["'])([^"']*[A-Za-z]{2,}[^"']*)\1/gu;
    for (const { file, text } of files) {
      if (!file.endsWith(".tsx")) continue;
      for (const match of text.matchAll(jsxText)) {
        const value = match[1]!.trim();
        if (!value || SAME_IN_BOTH.test(value) || /[=;()]|=>|\bconst\b|&&/u.test(value)) continue;
        bare.push(`${file}: ${value}`);
      }
      for (const match of text.matchAll(attribute)) {
        if (!SAME_IN_BOTH.test(match[2]!)) bare.push(`${file}: ${match[2]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});

describe("messages the server sends", () => {
  const all = sourceFiles(SOURCE, []).concat(
    fs
      .readdirSync(SOURCE, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".server.ts"))
      .map((file) => path.join(SOURCE, file)),
  );
  const messages = new Map<string, string>();
  const sentence = /"([A-Z][^"\\]*\s[^"\\]*)"/gu;
  const failed = /\b(?:fail|redirectWithToast)\([^")]*?"([^"\\]{4,})"/gu;
  for (const file of new Set(all)) {
    const text = fs.readFileSync(file, "utf8");
    const name = path.relative(SOURCE, file);
    const found = /[./](?:messages|schema)\.ts$/u.test(file)
      ? text.matchAll(sentence)
      : text.matchAll(failed);
    for (const match of found) {
      const value = match[1]!;
      if (/[a-z]/u.test(value) && !/^(?:success|error|warning|info)$/u.test(value)) messages.set(value, name);
    }
  }

  test("read in Urdu (use cases' messages, form rules, toasts)", () => {
    const missing = [...messages]
      .filter(([message]) => translateMessage("ur", message) === message)
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
    expect(messages.size).toBeGreaterThan(100);
  });

  test("with values: each keyed() sentence is a key of the Urdu catalog, values and all", () => {
    const call = /\bkeyed\(\s*(["'`])((?:\\.|(?!\1).)*)\1/gu;
    const keyedKeys = new Map<string, string>();
    for (const file of new Set(all)) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(call)) {
        // A key built from parts (a day's name, a unit) is checked by the tests of its messages.
        if (match[2]!.includes("${")) continue;
        keyedKeys.set(match[2]!.replace(/\\(["'`\\])/gu, "$1"), path.relative(SOURCE, file));
      }
    }
    const missing = [...keyedKeys]
      .filter(([key]) => !(key in urduMessages) || !key.includes("{{"))
      .map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
    expect(keyedKeys.size).toBeGreaterThan(30);
  });
});
