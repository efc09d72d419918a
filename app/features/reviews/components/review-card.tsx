import type { ReactNode } from "react";
import { Link } from "react-router";
import { branchPath } from "~/lib/slug.ts";
import { Avatar } from "~/components/ui/avatar.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { Stars } from "~/components/ui/stars.tsx";
import { imageIdOf, imageUrl } from "~/lib/media.ts";
import { REVIEW_MESSAGES } from "../reviews.messages.ts";
import { TableBadge } from "./table-badge.tsx";

export interface ReviewCardData {
  id: string;
  rating: number;
  review: string;
  reviewPics: string;
  reviewVideo: string;
  timestamp: string | null;
  firstName: string;
  lastName: string;
  authorPhoto: string;
  branchName: string;
  replyText: string | null;
  /** 1: posted after opening a printed table card of its branch (issue 33). */
  tableVerified?: number;
  /** The dish a photo shows, by the photo's place (issue 33). */
  photoDishes?: { position: number; itemId: string; name: string }[];
  /** For showPlace: the restaurant and branch the review is about. */
  restaurantName?: string;
  urlName?: string;
  branchUrl?: string;
}

/** product rules §2 review card: author photo or placeholder, name, stars, text, date; photos open larger. */
export function ReviewCard({
  anchor,
  review,
  showBranch,
  showPlace,
  children,
}: {
  /** The card's anchor (the owner's "Reply" links of the insights screen open the page at it). */
  anchor?: string;
  review: ReviewCardData;
  showBranch?: boolean;
  /** Names the restaurant and branch, linked (a customer's own list of reviews). */
  showPlace?: boolean;
  children?: ReactNode;
}) {
  const { t, tm, date } = useI18n();
  const author = `${review.firstName} ${review.lastName}`.trim();
  const pics = JSON.parse(review.reviewPics) as string[];
  return (
    <article
      id={anchor}
      className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm target:ring-2 target:ring-brand"
    >
      <header className="flex items-center gap-3">
        <Avatar src={review.authorPhoto} name={author} size={40} />
        <div>
          <p className="font-semibold">{author}</p>
          <p className="text-sm text-muted">
            {date(review.timestamp, tm(REVIEW_MESSAGES.unknownDate))}
            {showBranch ? ` · ${review.branchName}` : ""}
          </p>
        </div>
      </header>
      {showPlace && review.urlName && review.branchUrl ? (
        <Link to={branchPath(review.urlName, review.branchUrl)} className="font-medium text-brand underline">
          {review.restaurantName} · {review.branchName}
        </Link>
      ) : null}
      <Stars value={review.rating} />
      {review.tableVerified === 1 ? (
        <p>
          <TableBadge />
        </p>
      ) : null}
      {review.review ? (
        <p dir="auto" className="whitespace-pre-line">
          {review.review}
        </p>
      ) : null}
      {pics.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {pics.map((pic, i) => {
            const id = imageIdOf(pic);
            const dish = review.photoDishes?.find((d) => d.position === i);
            return (
              <li key={pic} className="flex w-24 flex-col gap-1">
                <a
                  href={id ? imageUrl(id, 1920) : pic}
                  target="_blank"
                  rel="noopener"
                  aria-label={t("Open photo {{number}} of {{author}}'s review", { number: i + 1, author })}
                >
                  <img
                    src={id ? imageUrl(id, 320) : pic}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    className="size-24 rounded-md object-cover"
                  />
                </a>
                {dish && review.urlName && review.branchUrl ? (
                  <Link
                    to={`${branchPath(review.urlName, review.branchUrl)}/menu/${encodeURIComponent(dish.itemId)}`}
                    className="text-xs break-words text-brand underline"
                  >
                    {dish.name}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {review.reviewVideo ? (
        // oxlint-disable-next-line jsx-a11y/media-has-caption -- customers' videos come without captions
        <video src={review.reviewVideo} controls preload="metadata" className="w-full rounded-md bg-black">
          <a href={review.reviewVideo}>{t("Download the video")}</a>
        </video>
      ) : null}
      {review.replyText ? (
        <div className="rounded-md border-s-4 border-brand bg-brand-soft p-3 text-sm">
          <p className="font-semibold">{t("Reply from the restaurant")}</p>
          <p dir="auto" className="whitespace-pre-line">
            {review.replyText}
          </p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
