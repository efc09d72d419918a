// Client-safe and zod-free, so pages that only show these texts don't download the validator.

/** product rules §2, §5, §8 texts, word for word, and Foodverse's own. */
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
  sizesChanged:
    "This dish's sizes changed after you opened this page. Nothing was saved: check the prices and save again.",
  dishHidden: "Hidden at this branch",
  dishShown: "Shown at this branch again",
  sectionHidden: "Section hidden at this branch",
  sectionShown: "Section shown at this branch again",
  inLine: "This branch now follows the general menu",
  inLineFailed: "Could not bring this branch in line. Nothing was changed.",
  ownDishAdded: "Dish added to this branch only",
  hoursSaved: "Opening hours saved",
  hoursBothTimes: (day: string) => `Give both times for ${day}, or leave both empty.`,
  hoursTime: "Enter a time such as 12:00 or 23:30.",
  hoursSame: "Opening and closing times must differ.",
} as const;

export const BRANCH_ITEMS_PER_PAGE = 6;
