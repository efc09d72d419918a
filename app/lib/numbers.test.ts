import { describe, expect, it } from "vitest";
import { editItemFields } from "~/features/menus/menus.schema.ts";
import { plainDecimal } from "./numbers.ts";

const priceError = (price: string) =>
  editItemFields.shape.price.safeParse(price).error?.issues[0]?.message ?? "ok";

describe("numbers typed in forms", () => {
  it("are digits with perhaps a sign and a decimal point", () => {
    expect(["350", " 99.5 ", "-3", "0"].map(plainDecimal)).toEqual([350, 99.5, -3, 0]);
    expect(["", " ", "0x10", "1e3", "Infinity", "NaN", "12abc", "1,000", "--1"].map(plainDecimal)).toEqual(
      Array(9).fill(null),
    );
  });

  it("keep a blank or hexadecimal price out of a dish, with the usual messages for the rest", () => {
    expect(priceError("")).toBe("Price must be a number.");
    expect(priceError("0x10")).toBe("Price must be a number.");
    expect(priceError("-5")).toBe("Price cannot be negative.");
    expect(priceError("450")).toBe("ok");
  });
});
