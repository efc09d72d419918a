import { CustomerSignupFields } from "~/features/accounts/components/customer-signup-fields.tsx";
import { RestaurantSignupFields } from "~/features/restaurants/components/restaurant-signup-fields.tsx";
import {
  SignupShell,
  signupLoader,
  signupMeta,
  useSignupForm,
} from "~/features/accounts/components/signup-shell.tsx";
import { customerSignupSchema, restaurantSignupSchema } from "~/features/accounts/accounts.schema.ts";
import { signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { signupAction } from "~/features/accounts/signup-action.server.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { keepFormWhenUnanswered, notAfterUnanswered } from "~/lib/submissions.ts";
import type { Route } from "./+types/signup-form";

/**
 * product rules §2: the two sign-up forms, one route module for both paths (app/routes.ts
 * gives each its id). What differs is the schema, the use case, the words and the fields.
 */
const FORMS = {
  customer: {
    path: "/signup/customersignup",
    schema: customerSignupSchema,
    title: "Customer sign up",
    description: "Are you a Customer? Join now to explore food options near you!",
    kind: "For customers: find food near you and share your reviews.",
  },
  restaurant: {
    path: "/signup/restaurantsignup",
    schema: restaurantSignupSchema,
    title: "Restaurant sign up",
    description: "Are you a Restaurant? Join now to avail our services for free!",
    kind: "For restaurants: your public page, menus, branches and QR codes.",
  },
} as const;

type Kind = keyof typeof FORMS;

/**
 * Which form a path opens: in either language (the Urdu path ends the same way), and as
 * React Router's data request for it (the form's post goes to `….data`).
 */
function kindOf(pathname: string): Kind {
  const page = pathname.replace(/\.data$/u, "").replace(/\/+$/u, "");
  return page.endsWith(FORMS.customer.path) ? "customer" : "restaurant";
}

export const meta: Route.MetaFunction = (args) => {
  const form = FORMS[kindOf(args.location.pathname)];
  return signupMeta(form.path, (t) => ({ title: t(form.title), description: t(form.description) }))(args);
};

export function loader({ request }: Route.LoaderArgs) {
  return { ...signupLoader(), kind: kindOf(new URL(request.url).pathname) };
}

export function action({ request, context }: Route.ActionArgs) {
  return kindOf(new URL(request.url).pathname) === "customer"
    ? signupAction(request, context, customerSignupSchema, signUpCustomer)
    : signupAction(request, context, restaurantSignupSchema, signUpRestaurant);
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormWhenUnanswered(args, FORMS[kindOf(new URL(args.request.url).pathname)].schema);
export const shouldRevalidate = notAfterUnanswered;

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const form = useSignupForm(FORMS[kind].schema, actionData);
  const { t } = useI18n();
  return (
    <SignupShell
      kind={t(FORMS[kind].kind)}
      busy={form.busy}
      submission={loaderData.submission}
      onSubmit={form.onSubmit}
    >
      {kind === "customer" ? <CustomerSignupFields form={form} /> : <RestaurantSignupFields form={form} />}
    </SignupShell>
  );
}
