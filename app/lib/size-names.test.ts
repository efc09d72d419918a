import { describe, expect, test } from "vitest";
import { registerMessages, translatorFor } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { sizeName } from "./size-names.ts";

registerMessages("ur", urduMessages);

const urdu = (label: string) => sizeName(label, "ur", translatorFor("ur"));

describe("size names (issue 29)", () => {
  test("the sizes owners write most are read in Urdu, in any case or spacing", () => {
    expect(urdu("Half kg")).toBe("آدھا کلو");
    expect(urdu("full  KG")).toBe("ایک کلو");
    expect(urdu("Half")).toBe("ہاف");
    expect(urdu(" Full ")).toBe("فُل");
    expect(urdu("Large")).toBe("لارج");
  });

  test("any other size stays as the owner wrote it, and English pages show it as written", () => {
    expect(urdu("Family (serves 6)")).toBe("Family (serves 6)");
    expect(urdu("دیگ")).toBe("دیگ");
    expect(sizeName("half KG", "en", translatorFor("en"))).toBe("half KG");
  });
});
