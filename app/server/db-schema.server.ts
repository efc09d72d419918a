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
  timestamp: string;
  branchId: string | null;
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
  hidden: Generated<number>;
  timestamp: string;
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

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetType: "restaurant" | "review";
  targetId: string;
  targetLabel: string;
  reason: Generated<string>;
  timestamp: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  windowStart: string;
  lockedUntil: string | null;
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
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: unknown;
}

export interface DB {
  restaurant: RestaurantTable;
  customer: CustomerTable;
  admin: AdminTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  menu_section: MenuSectionTable;
  menu_item: MenuItemTable;
  item_rating: ItemRatingTable;
  branch: BranchTable;
  review: ReviewTable;
  review_reply: ReviewReplyTable;
  review_report: ReviewReportTable;
  user: UserTable;
  session: SessionTable;
  verification: VerificationTable;
  kysely_migration: { name: string; timestamp: Generated<string> };
}
