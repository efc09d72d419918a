import type { ReactNode } from "react";
import { Avatar } from "~/components/ui/avatar.tsx";
import { Stars } from "~/components/ui/stars.tsx";
import { imageIdOf, imageUrl } from "~/lib/media.ts";
import { REVIEW_MESSAGES } from "../reviews.messages.ts";

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
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Karachi",
});

function reviewDate(timestamp: string | null): string {
  const date = timestamp ? new Date(timestamp) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : REVIEW_MESSAGES.unknownDate;
}

/** SPEC §2 review card: author photo or placeholder, name, stars, text, date; photos open larger. */
export function ReviewCard({
  review,
  showBranch,
  children,
}: {
  review: ReviewCardData;
  showBranch?: boolean;
  children?: ReactNode;
}) {
  const author = `${review.firstName} ${review.lastName}`.trim();
  const pics = JSON.parse(review.reviewPics) as string[];
  return (
    <article className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
      <header className="flex items-center gap-3">
        <Avatar src={review.authorPhoto} name={author} size={40} />
        <div>
          <p className="font-semibold">{author}</p>
          <p className="text-sm text-muted">
            {reviewDate(review.timestamp)}
            {showBranch ? ` · ${review.branchName}` : ""}
          </p>
        </div>
      </header>
      <Stars value={review.rating} />
      {review.review ? <p className="whitespace-pre-line">{review.review}</p> : null}
      {pics.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {pics.map((pic, i) => {
            const id = imageIdOf(pic);
            return (
              <li key={pic}>
                <a
                  href={id ? imageUrl(id, 1920) : pic}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Open photo ${i + 1} of ${author}'s review`}
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
              </li>
            );
          })}
        </ul>
      ) : null}
      {review.reviewVideo ? (
        // oxlint-disable-next-line jsx-a11y/media-has-caption -- customers' videos come without captions
        <video src={review.reviewVideo} controls preload="metadata" className="w-full rounded-md bg-black">
          <a href={review.reviewVideo}>Download the video</a>
        </video>
      ) : null}
      {review.replyText ? (
        <div className="rounded-md border-s-4 border-brand bg-brand-soft p-3 text-sm">
          <p className="font-semibold">Reply from the restaurant</p>
          <p className="whitespace-pre-line">{review.replyText}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
