import { useEffect, useRef } from "react";
import { ChevronBackIcon, ChevronOnIcon } from "./icons.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { CAROUSEL_SIZES, imageSrcSet } from "~/lib/media.ts";
import { Button } from "./button.tsx";
import { mountCarousel } from "./carousel-behaviour.ts";

export interface Slide {
  src: string;
  alt: string;
}

/**
 * The markup of the item carousel; its behaviour is carousel-behaviour.ts, mounted
 * here for people React serves, and by the carousel island for anonymous visitors.
 * Previous / Next are buttons, so the keyboard works too.
 */
export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const { t } = useI18n();
  const root = useRef<HTMLElement>(null);
  const sources = slides.map((s) => s.src).join(" ");
  // Mounted again only when the pictures change (another dish), not on every render.
  useEffect(() => (root.current && sources ? mountCarousel(root.current) : undefined), [sources]);

  if (slides.length === 0) return null;
  return (
    <section ref={root} data-carousel aria-roledescription="carousel" aria-label={label} className="relative">
      {/* Until the carousel's script runs (or without it) the row scrolls: keyboards can reach it. */}
      <div
        data-carousel-viewport
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe scrollable-region-focusable); the script removes it
        tabIndex={0}
        className="snap-x snap-mandatory overflow-x-auto rounded-xl bg-gray-100"
      >
        <div className="flex">
          {slides.map((slide, i) => (
            <div
              key={slide.src}
              role="group"
              aria-roledescription="slide"
              aria-label={t("{{number}} of {{total}}", { number: i + 1, total: slides.length })}
              className="min-w-0 flex-[0_0_100%] snap-start"
            >
              <img
                src={slide.src}
                srcSet={imageSrcSet(slide.src)}
                sizes={CAROUSEL_SIZES}
                alt={slide.alt}
                width={960}
                height={720}
                loading={i === 0 ? "eager" : "lazy"}
                // The first picture is the item page's largest paint: ask for it first.
                fetchPriority={i === 0 ? "high" : "auto"}
                className="aspect-[4/3] w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        // Invisible, not hidden, until the behaviour mounts: the row keeps its place (no layout shift).
        <div data-carousel-controls className="invisible mt-2 flex items-center justify-between">
          <Button variant="secondary" data-carousel-prev aria-label={t("Previous picture")}>
            <ChevronBackIcon />
          </Button>
          {/* "2 / 3" reads left to right in both languages. */}
          <p aria-live="polite" dir="ltr" className="text-sm text-muted">
            <span data-carousel-counter>1</span> / {slides.length}
          </p>
          <Button variant="secondary" data-carousel-next aria-label={t("Next picture")}>
            <ChevronOnIcon />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
