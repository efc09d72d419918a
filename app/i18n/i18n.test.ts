import { describe, expect, test } from "vitest";
import { formatDate } from "~/lib/dates.ts";
import { formatNumber, registerMessages, translateMessage, translatorFor } from "./i18n.ts";
import { inEnglish, keyed, messageAsText, messageFromText } from "~/lib/message.ts";

describe("messages", () => {
  registerMessages("ur", {
    "Add a Review": "ریویو لکھیں",
    "Add at most {{max}} photos.": "زیادہ سے زیادہ {{max}} تصاویر شامل کریں۔",
    "{{branch}} has no opening hours yet.": "{{branch}} کے ابھی کوئی اوقاتِ کار نہیں۔",
    "{{count}} reviews_one": "{{count}} ریویو",
    "{{count}} reviews_other": "{{count}} ریویوز",
  });

  test("English is the key itself; Urdu falls back to English where a message is missing", () => {
    expect(translatorFor("en")("Add a Review")).toBe("Add a Review");
    expect(translatorFor("ur")("Add a Review")).toBe("ریویو لکھیں");
    expect(translatorFor("ur")("Not translated yet")).toBe("Not translated yet");
    expect(translatorFor("ur")("{{count}} reviews", { count: 3 })).toBe("3 ریویوز");
  });

  test("a server's message is its key, with its values apart: nothing is read back from English", () => {
    expect(translateMessage("ur", "Add a Review")).toBe("ریویو لکھیں");
    const added = keyed("Add at most {{max}} photos.", { max: 5 });
    expect(translateMessage("ur", added)).toBe("زیادہ سے زیادہ 5 تصاویر شامل کریں۔");
    expect(translateMessage("en", added)).toBe("Add at most 5 photos.");
    expect(inEnglish(added)).toBe("Add at most 5 photos.");
    // The finished English sentence is no key: it is shown as it is, not guessed at.
    expect(translateMessage("ur", "Add at most 5 photos.")).toBe("Add at most 5 photos.");
    expect(translateMessage("ur", "Something else")).toBe("Something else");
  });

  test("a value is put in as it is, never read as a key or a placeholder", () => {
    const copied = keyed("{{branch}} has no opening hours yet.", {
      branch: "{{branch}} Add a Review $t(Menu)",
    });
    expect(translateMessage("ur", copied)).toBe(
      "{{branch}} Add a Review $t(Menu) کے ابھی کوئی اوقاتِ کار نہیں۔",
    );
    expect(inEnglish(copied)).toBe("{{branch}} Add a Review $t(Menu) has no opening hours yet.");
  });

  test("a keyed message crosses a text-only channel (a zod issue, a tus refusal) and comes back", () => {
    const message = keyed("Use at most {{max}} characters.", { max: 80 });
    expect(messageFromText(messageAsText(message))).toEqual(message);
    expect(messageFromText("Please enter a name.")).toBe("Please enter a name.");
    expect(messageFromText(`${messageAsText(message).slice(0, 12)}{not json`)).toMatch(/not json/);
  });

  test("numbers and dates keep Latin digits in Urdu, months in Urdu", () => {
    expect(formatNumber("ur", 1234.5)).toBe("1,234.5");
    const date = formatDate("2026-01-05T10:00:00Z", "", "ur");
    expect(date).toMatch(/5/);
    expect(date).toMatch(/جنوری/);
    expect(date).toMatch(/2026/);
    expect(formatDate("2026-01-05T10:00:00Z")).toBe("5 Jan 2026");
  });
});
