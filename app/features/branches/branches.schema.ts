import { z } from "zod";
import { BRANCH_MESSAGES, BRANCH_ITEMS_PER_PAGE } from "./branches.messages.ts";
import { plainDecimal } from "~/lib/numbers.ts";

export { BRANCH_MESSAGES, BRANCH_ITEMS_PER_PAGE };

const optional = (max: number) =>
  z.string().trim().max(max, `Use at most ${max} characters.`).optional().default("");

export const addBranchSchema = z.object({
  branchName: z
    .string({ error: BRANCH_MESSAGES.nameMissing })
    .trim()
    .min(1, BRANCH_MESSAGES.nameMissing)
    .max(80, "Use at most 80 characters.")
    .regex(/^[^/?#%\\]+$/u, "The name cannot contain / ? # % or \\."),
  provinceLabel: optional(80),
  cityLabel: optional(80),
  areaLabel: optional(80),
  address: optional(300),
  contact: optional(30),
});

/** Per-branch price (empty: the general menu's price) and sold out. */
export const branchItemSchema = z.object({
  itemId: z.string().min(1),
  priceOverride: z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = plainDecimal(v);
      if (n === null || n < 0 || n > 10_000_000) {
        ctx.addIssue({ code: "custom", message: "Enter a price of 0 or more, or leave it empty." });
        return z.NEVER;
      }
      return n;
    }),
  soldOut: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
});
