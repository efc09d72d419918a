import { useI18n } from "~/i18n/use-i18n.ts";
import { imageIdOf, imageUrl } from "~/lib/media.ts";
import { TableBadge } from "./table-badge.tsx";

export interface DinersPhoto {
  picture: string;
  reviewId: string;
  timestamp: string;
  author: string;
  branchName: string;
  tableVerified: boolean;
}

/** The photos reviewers said show this dish (issue 33), newest first, each opening larger. */
export function DinersPhotos({
  photos,
  showBranch = false,
}: {
  photos: DinersPhoto[];
  showBranch?: boolean;
}) {
  const { t, date } = useI18n();
  if (photos.length === 0) return null;
  return (
    <section
      id="diners-photos"
      aria-labelledby="diners-photos-title"
      className="flex scroll-mt-16 flex-col gap-3"
    >
      <h2 id="diners-photos-title" className="text-xl font-bold">
        {t("Diners' photos")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo) => {
          const id = imageIdOf(photo.picture);
          return (
            <li key={`${photo.reviewId}-${photo.picture}`} className="flex flex-col gap-1">
              <a href={id ? imageUrl(id, 1920) : photo.picture} target="_blank" rel="noopener">
                <img
                  src={id ? imageUrl(id, 320) : photo.picture}
                  alt={t("Photo by {{author}}", { author: photo.author })}
                  width={320}
                  height={320}
                  loading="lazy"
                  className="aspect-square w-full rounded-md object-cover"
                />
              </a>
              <p className="text-xs text-muted">
                {photo.author} · {date(photo.timestamp, "")}
                {showBranch ? ` · ${photo.branchName}` : ""}
              </p>
              {photo.tableVerified ? (
                <p className="text-xs">
                  <TableBadge />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
