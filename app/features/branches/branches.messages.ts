// Client-safe and zod-free, so pages that only show these texts don't download the validator.

/** SPEC §2, §5, §8 texts, word for word, and Foodverse's own. */
export const BRANCH_MESSAGES = {
  nameMissing: "Please enter a branch name.",
  noSections: "Please add at least one section to your General Menu first.",
  nameTaken: "Branch name already exists. Try a different name.",
  added: "Branch added successfully!",
  addFailed: "Error adding branch",
  fetchFailed: "Unable to fetch branch data.",
  none: "No branches data available.",
  notFound: "Branch Not Found",
  approvalNote: "Menus become public after admin approval.",
  badLocation: "Choose a place from the list.",
  itemSaved: "Branch item updated",
} as const;

export const BRANCH_ITEMS_PER_PAGE = 6;
