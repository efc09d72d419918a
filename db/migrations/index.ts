import type { Migration } from "kysely/migration";
import { accounts } from "./0001-accounts.ts";
import { menus } from "./0002-menus.ts";
import { branches } from "./0003-branches.ts";
import { reviews } from "./0004-reviews.ts";
import { adminAndDiscovery } from "./0005-admin-and-discovery.ts";
import { contentVersions } from "./0006-content-versions.ts";
import { scaleIndexes } from "./0007-scale-indexes.ts";
import { videoUploads } from "./0008-video-uploads.ts";
import { branchLinksAndSizes } from "./0009-branch-links-and-sizes.ts";
import { menuImports } from "./0010-menu-imports.ts";
import { openingHours } from "./0011-opening-hours.ts";
import { nameKeys } from "./0012-name-keys.ts";
import { urduNames } from "./0013-urdu-names.ts";
import { pageViews } from "./0014-page-views.ts";
import { rateLimits } from "./0015-rate-limits.ts";
import { videoUploadPieces } from "./0016-video-upload-pieces.ts";
import { submissions } from "./0017-submissions.ts";
import { accountSuspensions } from "./0018-account-suspensions.ts";
import { pageViewDishIds } from "./0019-page-view-dish-ids.ts";
import { restaurantNameIndex } from "./0020-restaurant-name-index.ts";
import { hiddenSectionsIndex } from "./0021-hidden-sections-index.ts";
import { reviewVersions } from "./0022-review-versions.ts";
import { finderCopies } from "./0023-finder-copies.ts";
import { servedTimes } from "./0024-served-times.ts";
import { deals } from "./0025-deals.ts";
import { specialHours } from "./0026-special-hours.ts";
import { tableCodes } from "./0027-table-codes.ts";

// Listed here (not read from the folder) so the migrations are bundled into the
// server build and run the same from source and from build/.
export const migrations: Record<string, Migration> = {
  "0001-accounts": accounts,
  "0002-menus": menus,
  "0003-branches": branches,
  "0004-reviews": reviews,
  "0005-admin-and-discovery": adminAndDiscovery,
  "0006-content-versions": contentVersions,
  "0007-scale-indexes": scaleIndexes,
  "0008-video-uploads": videoUploads,
  "0009-branch-links-and-sizes": branchLinksAndSizes,
  "0010-menu-imports": menuImports,
  "0011-opening-hours": openingHours,
  "0012-name-keys": nameKeys,
  "0013-urdu-names": urduNames,
  "0014-page-views": pageViews,
  "0015-rate-limits": rateLimits,
  "0016-video-upload-pieces": videoUploadPieces,
  "0017-submissions": submissions,
  "0018-account-suspensions": accountSuspensions,
  "0019-page-view-dish-ids": pageViewDishIds,
  "0020-restaurant-name-index": restaurantNameIndex,
  "0021-hidden-sections-index": hiddenSectionsIndex,
  "0022-review-versions": reviewVersions,
  "0023-finder-copies": finderCopies,
  "0024-served-times": servedTimes,
  "0025-deals": deals,
  "0026-special-hours": specialHours,
  "0027-table-codes": tableCodes,
};
