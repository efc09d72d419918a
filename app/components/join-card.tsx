import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { buttonClass } from "./ui/button.tsx";

/** One of the two sign-up invitations of product rules §1 (customer or restaurant). */
export function JoinCard({
  heading,
  text,
  to,
  action,
  level = 2,
}: {
  heading: string;
  text: string;
  to: string;
  action: string;
  level?: 1 | 2;
}) {
  // JOIN_TEXT is shared English (home and sign-up pages): its Urdu is in the catalog.
  const { tm } = useI18n();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className="flex flex-col items-start gap-3 rounded-xl bg-white p-6 shadow-sm">
      <Heading className="text-2xl font-bold">{tm(heading)}</Heading>
      <p>{tm(text)}</p>
      <Link to={to} className={buttonClass("primary")}>
        {action}
      </Link>
    </section>
  );
}

export const JOIN_TEXT = {
  customer: { heading: "Are you a Customer?", text: "Join now to explore food options near you!" },
  restaurant: { heading: "Are you a Restaurant?", text: "Join now to avail our services for free!" },
} as const;
