import type { Generated } from "kysely";

/**
 * Tables owned by Foodverse. Booleans are stored as 0/1 integers, lists as JSON
 * text and timestamps as ISO-8601 text, so one query works on SQLite and PostgreSQL.
 * better-auth's own tables (user, session, account, verification) are typed loosely
 * because only better-auth writes them.
 */
export interface RestaurantTable {
  id: string;
  usertype: "restaurant";
  isactive: number;
  chargespaid: string;
  approvalStatus: "pending" | "approved" | "rejected" | "suspended";
  approvalNote: Generated<string>;
  restName: string;
  urlName: string;
  restType: string;
  restOthertypes: string;
  country: string;
  username: string;
  email: string;
  address: string;
  contact: string;
  contacttwo: string;
  about: string;
  restRating: number;
  restRatingoutof: number;
  restInsta: string;
  restFb: string;
  restX: string;
  restWhatsapp: string;
  restWebsite: string;
  sociallinks: string;
  restPriceavg: number;
  restQRcode: string;
  restQRimg: string;
  restNoofReviews: number;
  restNoofBranches: number;
  hasDelivery: string;
  profileImageUrl: Generated<string>;
  coverImageUrl: Generated<string>;
  timestamp: string;
}

export interface CustomerTable {
  id: string;
  usertype: "customer";
  isactive: number;
  chargespaid: string;
  firstName: string;
  lastName: string;
  gender: string;
  country: string;
  username: string;
  email: string;
  contact: string;
  about: string;
  sociallinks: string;
  profileImageUrl: Generated<string>;
  coverImageUrl: Generated<string>;
  timestamp: string;
}

export interface MenuSectionTable {
  id: string;
  restaurantId: string;
  restaurantName: string;
  urlName: string;
  originalName: string;
  sectionName: string;
  sectionNumber: number;
  topNote: string;
  bottomNote: string;
  /** ADR 0026: optional Urdu name; "" shows the English one. */
  sectionNameUr: Generated<string>;
  timestamp: string;
  branchId: string | null;
  /** On a branch's copy: the general section it follows (null: the branch's own section). */
  generalSectionId: Generated<string | null>;
  /** 1: not shown at this branch. */
  hidden: Generated<number>;
  /** Issue 32: when it is served (app/lib/served-times.ts), and whether a branch's copy keeps its own. */
  servedTimes: Generated<string>;
  servedTimesOwn: Generated<number>;
}

export interface MenuItemTable {
  id: string;
  sectionId: string;
  restaurantId: string;
  urlName: string;
  name: string;
  nameExtra: string;
  price: number;
  itemPriceRange: string;
  itemTaste: string;
  itemCat: string;
  itemSubCat: string;
  itemType: string;
  positionInSection: number;
  description: string;
  descriptionExtra: string;
  /** ADR 0026: optional Urdu name and description; "" shows the English ones. */
  nameUr: Generated<string>;
  descriptionUr: Generated<string>;
  foodAllergies: string;
  topView: string;
  frontView: string;
  sideView: string;
  itemRating: Generated<number>;
  itemRatingBy: Generated<number>;
  soldOut: Generated<number>;
  timestamp: string;
  branchId: string | null;
  priceOverride: number | null;
  /** On a branch's copy: the general dish it follows (null: a dish of this branch only). */
  generalItemId: Generated<string | null>;
  /** 1: not shown at this branch. */
  hidden: Generated<number>;
  /** Issue 32: when it is served (app/lib/served-times.ts), and whether a branch's copy keeps its own. */
  servedTimes: Generated<string>;
  servedTimesOwn: Generated<number>;
  /** The dish's sizes as JSON (see app/lib/sizes.ts); '[]' for a dish with one price. */
  sizes: Generated<string>;
  /** The highest price of a dish with sizes (the branch's where it overrides); null without sizes. */
  priceTo: Generated<number | null>;
}

/**
 * One row per dish copy a diner can find, kept by triggers (migration 0023, ADR 0042): the
 * dish's columns the Item Finder filters and sorts on, under menu_item's names, beside its
 * branch's place (or its restaurant's country for a restaurant without branches).
 */
export interface FinderCopyTable {
  id: string;
  generalItemId: string | null;
  restaurantId: string;
  branchId: string | null;
  name: string;
  price: number;
  priceOverride: number | null;
  priceTo: number | null;
  itemTaste: string;
  itemType: string;
  itemRating: number;
  itemRatingBy: number;
  country: string;
  city: string | null;
  area: string | null;
}

/** Issue 32, ADR 0044: a deal of the general menu (branchId null) or of one branch only. */
export interface DealTable {
  id: string;
  restaurantId: string;
  branchId: string | null;
  name: string;
  nameUr: Generated<string>;
  picture: Generated<string>;
  price: number;
  serves: Generated<number>;
  servedTimes: Generated<string>;
  /** "YYYY-MM-DD" or "" (no first or last day). */
  validFrom: Generated<string>;
  validUntil: Generated<string>;
  /** 1: an iftar deal, first while the branch keeps Ramadan hours. */
  iftar: Generated<number>;
  position: number;
  timestamp: string;
}

/** A part of a deal: a dish of the general menu (a size of it) times a quantity, or a few words. */
export interface DealPartTable {
  dealId: string;
  position: number;
  restaurantId: string;
  itemId: string | null;
  sizeLabel: Generated<string>;
  quantity: Generated<number>;
  text: Generated<string>;
}

/** What one branch does with a general deal: its own price, or not offered there. */
export interface DealBranchTable {
  dealId: string;
  branchId: string;
  restaurantId: string;
  priceOverride: number | null;
  hidden: Generated<number>;
}

/** Issue 32, ADR 0045: a branch's dated hours (Ramadan, Eid). */
export interface BranchScheduleTable {
  id: string;
  branchId: string;
  restaurantId: string;
  kind: "ramadan" | "eid";
  /** "YYYY-MM-DD", both days included. */
  validFrom: string;
  validUntil: string;
  /** JSON: the ranges of every day, edges "HH:MM", "iftar" or "sehri" (app/lib/special-hours.ts); [] closed. */
  hours: string;
  timestamp: string;
}

export interface BranchTable {
  id: string;
  restaurantId: string;
  restaurantName: string;
  urlName: string;
  branchName: string;
  branchUrl: string;
  branchQRcode: string;
  branchQRimg: string;
  country: string;
  province: string;
  city: string;
  area: string;
  provinceLabel: string;
  cityLabel: string;
  areaLabel: string;
  address: string;
  contact: string;
  timestamp: string;
  /** Weekly opening hours as JSON (app/lib/opening-hours.ts); "" when not given. */
  openingHours: Generated<string>;
  timeZone: Generated<string>;
}

export interface ItemRatingTable {
  itemId: string;
  customerId: string;
  rating: number;
  timestamp: string;
}

export interface ReviewTable {
  id: string;
  restaurantId: string;
  branchId: string;
  authorId: string;
  rating: number;
  review: string;
  reviewPics: string;
  reviewVideo: string;
  /** Why the review is out of every list and rating: 0 shown; bit 1 a moderator, bit 2 its author is suspended. */
  hidden: Generated<number>;
  /** 1: posted with a pass from a printed table code of its branch (issue 33, ADR 0046). */
  tableVerified: Generated<number>;
  timestamp: string;
}

/** Issue 33, ADR 0046: a table of a branch and the code its printed card carries. */
export interface BranchTableTable {
  id: string;
  restaurantId: string;
  branchId: string;
  label: string;
  code: string;
  position: number;
  timestamp: string;
}

/** When a branch's table codes were added, changed or removed ("" label: every table at once). */
export interface TableCodeEventTable {
  id: string;
  restaurantId: string;
  branchId: string;
  tableLabel: string;
  action: "added" | "changed" | "removed";
  timestamp: string;
}

/** The dish a review photo shows: the branch's copy of it (or its own dish), and the general dish. */
export interface ReviewPhotoDishTable {
  reviewId: string;
  position: number;
  picture: string;
  restaurantId: string;
  branchId: string;
  itemId: string;
  generalItemId: string | null;
}

export interface ReviewReplyTable {
  reviewId: string;
  ownerId: string;
  text: string;
  timestamp: string;
}

export interface ReviewReportTable {
  reviewId: string;
  reporterId: string;
  reason: string;
  status: Generated<"open" | "hidden" | "dismissed">;
  timestamp: string;
}

export interface AdminTable {
  id: string;
  timestamp: string;
}

/** ADR 0033: a suspended account (migration 0018). */
export interface AccountSuspensionTable {
  userId: string;
  reason: string;
  actorId: string | null;
  restaurantStatus: "approved" | null;
  timestamp: string;
}

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetType: "restaurant" | "review" | "user";
  targetId: string;
  targetLabel: string;
  reason: Generated<string>;
  timestamp: string;
}

/**
 * rate-limiter-flexible's counters when there is no Redis (ADR 0031): written by the
 * library itself; the app only sweeps expired rows. `expire` is milliseconds since 1970.
 */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

/** A customer's tus video upload, while it is stored and for a day after (the upload quotas count these). */
export interface VideoUploadTable {
  id: string;
  ownerId: string;
  /** Its declared length (Upload-Length), or the largest video allowed when deferred. */
  bytes: number;
  createdAt: string;
  /** 1 while the upload is in the tus store (unfinished, or finished and not yet in a review). */
  open: Generated<number>;
}

/** A resumable video upload's state on S3 (media/video-pieces-store.server.ts). */
export interface VideoUploadStateTable {
  id: string;
  size: number | null;
  received: Generated<number>;
  /** tus's Upload-Metadata, the owner among it, as JSON. */
  metadata: string;
  createdAt: string;
}

/** Part of an upload's bytes, as one object in storage; `stored` 1 once the upload's offset counts it. */
export interface VideoUploadPieceTable {
  key: string;
  uploadId: string;
  start: number;
  bytes: number;
  stored: Generated<number>;
}

/**
 * A create form's post, made once (ADR 0032): who sent which form with which token,
 * a hash of what was sent, and the use case's answer (JSON) that a replay gets again.
 */
export interface SubmissionTable {
  accountId: string;
  form: string;
  token: string;
  fingerprint: string;
  answer: string;
  createdAt: string;
}

/** A menu import waiting to be confirmed: the spreadsheet's rows as read (JSON). */
export interface MenuImportTable {
  id: string;
  ownerId: string;
  fileName: string;
  rows: string;
  createdAt: string;
}

/** A photo uploaded for a menu import, by the file name the spreadsheet gives it. */
export interface MenuImportPhotoTable {
  importId: string;
  fileName: string;
  url: string;
  createdAt: string;
}

/** A spelling key of a dish's name (app/lib/spelling-keys.ts, migration 0012). */
export interface MenuItemKeyTable {
  key: string;
  itemId: string;
}

/** A spelling key of a restaurant's name (migration 0012). */
export interface RestaurantKeyTable {
  key: string;
  restaurantId: string;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: unknown;
  image: string | null;
  createdAt: unknown;
  updatedAt: unknown;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: unknown;
  createdAt: unknown;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A sign-in method of a user (better-auth's: the password hash for e-mail sign-in). */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: unknown;
}

/** ADR 0027: diners' page views per restaurant, day (Pakistan time), kind, branch and dish. */
export interface PageViewTable {
  restaurantId: string;
  /** YYYY-MM-DD in Asia/Karachi. */
  day: string;
  kind: PageViewKind;
  /** "" for pages of no branch (the restaurant's own pages). */
  branchId: Generated<string>;
  /** "" for pages of no dish. */
  itemId: Generated<string>;
  n: number;
}

export type PageViewKind = "scan" | "restaurant" | "menu" | "branch" | "item";

export interface DB {
  restaurant: RestaurantTable;
  page_view: PageViewTable;
  customer: CustomerTable;
  admin: AdminTable;
  audit_log: AuditLogTable;
  account_suspension: AccountSuspensionTable;
  rate_limit: RateLimitTable;
  video_upload: VideoUploadTable;
  video_upload_state: VideoUploadStateTable;
  video_upload_piece: VideoUploadPieceTable;
  submission: SubmissionTable;
  menu_import: MenuImportTable;
  menu_import_photo: MenuImportPhotoTable;
  menu_section: MenuSectionTable;
  menu_item: MenuItemTable;
  finder_copy: FinderCopyTable;
  menu_item_key: MenuItemKeyTable;
  restaurant_key: RestaurantKeyTable;
  item_rating: ItemRatingTable;
  branch: BranchTable;
  branch_schedule: BranchScheduleTable;
  deal: DealTable;
  deal_part: DealPartTable;
  deal_branch: DealBranchTable;
  review: ReviewTable;
  branch_table: BranchTableTable;
  table_code_event: TableCodeEventTable;
  review_photo_dish: ReviewPhotoDishTable;
  review_reply: ReviewReplyTable;
  review_report: ReviewReportTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  kysely_migration: { name: string; timestamp: Generated<string> };
}
