import { z } from "zod";
import { ALL_RESTAURANT_TYPES, COUNTRIES } from "~/lib/reference-data.ts";
import { slugProblem } from "~/lib/slug.ts";
import { atMostCharacters } from "~/lib/forms.ts";
import { keyed, messageAsText } from "~/lib/message.ts";

export const GENDERS = ["Male", "Female", "Other", "Prefer Not To Tell"] as const;
export const SOCIAL_LINK_MAX_LENGTH = 100;
export const SOCIAL_LINKS_MAX = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_TOO_SHORT = messageAsText(
  keyed("Password must be at least {{min}} characters.", { min: PASSWORD_MIN }),
);
export const PASSWORD_TOO_LONG = messageAsText(
  keyed("Password must be at most {{max}} characters.", { max: PASSWORD_MAX }),
);

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, atMostCharacters(max));
const optional = (max = 200) => z.string().trim().max(max, atMostCharacters(max)).optional().default("");

const email = z
  .string({ error: "Please enter your email." })
  .trim()
  .min(1, "Please enter your email.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: "Please enter a password." })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);

export const WEB_LINK_MESSAGE = "Enter a full web address starting with https:// (or http://).";
export const WHATSAPP_MESSAGE = "Enter a WhatsApp number, or a link starting with https://.";

/**
 * A web address a visitor's browser may follow: http(s) only, so a stored
 * `javascript:` or `data:` link is never one click from running. Parsed the way
 * a browser parses an href (it drops tabs and newlines inside a scheme).
 */
export function isWebLink(value: string): boolean {
  // Control characters and backslashes: a browser reads them otherwise than a person does.
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || char === "\\") return false;
  }
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** product rules §5: trimmed, non-empty, at most 100 characters, at most 6 links; and a web address. */
export const socialLinkSchema = z
  .string()
  .trim()
  .min(1, "Enter a link.")
  .max(
    SOCIAL_LINK_MAX_LENGTH,
    messageAsText(keyed("A link may have at most {{max}} characters.", { max: SOCIAL_LINK_MAX_LENGTH })),
  )
  .refine(isWebLink, WEB_LINK_MESSAGE);

export const socialLinksSchema = z
  .array(socialLinkSchema)
  .max(SOCIAL_LINKS_MAX, messageAsText(keyed("At most {{max}} links.", { max: SOCIAL_LINKS_MAX })))
  .default([]);

/** Whether the Add button of the social links field may be used. */
export function canAddSocialLink(draft: string, links: readonly string[]): boolean {
  return links.length < SOCIAL_LINKS_MAX && socialLinkSchema.safeParse(draft).success;
}

function isRestaurantType(value: string): boolean {
  return ALL_RESTAURANT_TYPES.includes(value);
}

function isCountry(value: string): boolean {
  return COUNTRIES.includes(value);
}

// Characters that would break the restaurant's public URL /r/{urlName}.
const restNamePattern = /^[^/?#%\\]+$/u;

/** A name whose slug is a dot segment or one of the site's own words opens the wrong page (lib/slug.ts). */
export const ownAddress = (name: string, ctx: z.RefinementCtx) => {
  const problem = slugProblem(name);
  if (problem) ctx.addIssue({ code: "custom", message: messageAsText(problem) });
};

/** An optional link field: empty, or a web address. */
const optionalLink = optional(SOCIAL_LINK_MAX_LENGTH).refine(
  (v) => v === "" || isWebLink(v),
  WEB_LINK_MESSAGE,
);

// Digits with the usual separators: what the sign-up's WhatsApp field (a tel input) holds.
const phonePattern = /^\+?[\d\s().-]{3,30}$/u;

export const restaurantSignupSchema = z.object({
  restName: required("Please enter the restaurant name.", 80)
    .regex(restNamePattern, "The name cannot contain / ? # % or \\.")
    .superRefine(ownAddress),
  restType: required("Please choose the restaurant type.", 60).refine(isRestaurantType, {
    message: "Please choose the restaurant type.",
  }),
  restOthertypes: z
    .array(z.string().refine(isRestaurantType, { message: "Choose types from the list." }))
    .max(10, "Choose at most 10 other types.")
    .default([]),
  hasDelivery: z.enum(["yes", "no"], { error: "Please choose whether you deliver." }),
  country: required("Please choose your country.", 60).refine(isCountry, {
    message: "Please choose your country.",
  }),
  about: required("Please tell customers about your restaurant.", 2000),
  username: required("Please enter a username.", 40),
  email,
  password: newPassword,
  contact: optional(30),
  contacttwo: optional(30),
  // A number (the form keeps it a tel input) or a wa.me link.
  restWhatsapp: optional(30).refine(
    (v) => v === "" || phonePattern.test(v) || isWebLink(v),
    WHATSAPP_MESSAGE,
  ),
  restInsta: optionalLink,
  restFb: optionalLink,
  restX: optionalLink,
  restWebsite: optionalLink,
  address: optional(300),
  sociallinks: socialLinksSchema,
});
export type RestaurantSignup = z.infer<typeof restaurantSignupSchema>;

export const customerSignupSchema = z.object({
  firstName: required("Please enter your first name.", 60),
  lastName: required("Please enter your last name.", 60),
  gender: z.enum(GENDERS, { error: "Please choose a gender option." }),
  about: required("Please tell us a little about yourself.", 2000),
  username: required("Please enter a username.", 40),
  email,
  password: newPassword,
  country: optional(60).refine((c) => c === "" || isCountry(c), {
    message: "Please choose a country from the list.",
  }),
  contact: optional(30),
  sociallinks: socialLinksSchema,
});
export type CustomerSignup = z.infer<typeof customerSignupSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password."),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is not valid."),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "New passwords do not match.",
    path: ["confirmPassword"],
  });
