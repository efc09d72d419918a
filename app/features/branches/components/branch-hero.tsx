import type { Message } from "~/lib/message.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShareIcon } from "~/components/ui/icons.tsx";
import { CallLink, DirectionsLink } from "~/components/ui/place-action-links.tsx";
import { ShareLink } from "~/components/ui/share-link.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { imageSrcSet } from "~/lib/media.ts";

const action =
  "flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-lg border border-brand bg-white px-2 py-1 text-sm font-semibold text-brand hover:bg-brand-soft";

/**
 * The first screen of a table's QR page (ADR 0024): who and where, how good, whether
 * open, and the three things a diner does from a table: call, find the way, share.
 * The product rules' 'Add a Review' and 'See Reviews' come as `children`.
 */
export function BranchHero({
  restaurantName,
  restaurantHref,
  logo,
  branchName,
  rating,
  reviewsHref,
  openText,
  open,
  call,
  directions,
  share,
  children,
}: {
  restaurantName: string;
  restaurantHref: string;
  logo: string;
  branchName: string;
  /** Null before the menu is public (ADR 0017: no figure drawn from reviews). */
  rating: { average: number; count: number } | null;
  reviewsHref: string;
  openText: Message | null;
  open: boolean;
  call: string | null;
  directions: string | null;
  share: { url: string; title: string };
  children?: ReactNode;
}) {
  const { t, tm } = useI18n();
  return (
    <header className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="flex items-center gap-3">
        {logo ? (
          <img
            src={logo}
            srcSet={imageSrcSet(logo)}
            sizes="56px"
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full border border-line object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <p>
            <Link to={restaurantHref} className="text-muted underline-offset-2 hover:underline">
              {restaurantName}
            </Link>
          </p>
          <h1 className="text-2xl leading-tight font-bold break-words">{branchName}</h1>
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {rating ? (
          rating.count > 0 ? (
            <Link to={reviewsHref} className="font-medium underline-offset-2 hover:underline">
              <span aria-hidden="true" className="text-amber-600">
                ★
              </span>{" "}
              {/* Each isolated and kept apart: read right to left the average still comes first
                  and its count after it, the two numbers never read as one. */}
              <bdi>{rating.average.toFixed(1)}</bdi>
              <span className="px-1"> · </span>
              <bdi>{t("{{count}} reviews", { count: rating.count })}</bdi>
            </Link>
          ) : (
            <span className="text-muted">{t("No reviews yet")}</span>
          )
        ) : null}
        {openText ? (
          <span className={open ? "font-semibold text-green-800" : "font-medium text-muted"}>
            {tm(openText)}
          </span>
        ) : null}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {call ? <CallLink href={call} className={action} /> : <span aria-hidden="true" />}
        {directions ? <DirectionsLink href={directions} className={action} /> : <span aria-hidden="true" />}
        <ShareLink url={share.url} title={share.title} className={action}>
          <ShareIcon />
          {t("Share")}
        </ShareLink>
      </div>
      {children ? <div className="grid grid-cols-2 gap-2 [&>*]:justify-center">{children}</div> : null}
    </header>
  );
}
