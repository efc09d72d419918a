import { keyed } from "~/lib/message.ts";
// Client-safe and import-free: the hours form, its use case and the browser tests share these.

/**
 * A week's hours were 28 inputs a branch. Three shortcuts fill the form (they
 * save nothing; 'Save opening hours' does, after the owner has changed any day they
 * like): copy Monday to every day, tick the days closed, and take another of the
 * owner's branches' hours.
 */
export const HOURS_SHORTCUTS = {
  copyMonday: "copy-monday",
  copyBranch: "copy-branch",
} as const;

export const HOURS_SHORTCUT_MESSAGES = {
  mondayCopied: "Monday's hours are on every open day now. Change any day, then save.",
  mondayEmpty: "Give Monday's hours first, then copy them.",
  branchCopied: (branch: string) =>
    keyed("{{branch}}'s hours are in the form now. Change any day, then save.", { branch }),
  chooseBranch: "Choose one of your branches.",
  branchHasNoHours: (branch: string) => keyed("{{branch}} has no opening hours yet.", { branch }),
} as const;
