import autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { imageSrcSet } from "~/lib/media.ts";
import { Button } from "./button.tsx";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToMotionPreference(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The device's reduced-motion setting; on the server (no device) motion is assumed fine. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionPreference,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface Slide {
  src: string;
  alt: string;
}

/**
 * SPEC §2/§9: advances every 5000 ms and wraps; a swipe of 40 px moves it.
 * Previous / Next buttons work from the keyboard too, and it stays still for people who ask their
 * device for reduced motion. Server-rendered as a plain row of images.
 */
export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const reduceMotion = usePrefersReducedMotion();
  const [viewport, api] = useEmblaCarousel(
    { loop: true, dragThreshold: 40 },
    reduceMotion || slides.length < 2 ? [] : [autoplay({ delay: 5000, stopOnInteraction: false })],
  );
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => setSelected(api?.selectedScrollSnap() ?? 0), [api]);
  useEffect(() => {
    if (!api) return;
    api.on("select", onSelect);
    return () => void api.off("select", onSelect);
  }, [api, onSelect]);

  if (slides.length === 0) return null;
  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewport} className="overflow-hidden rounded-xl bg-gray-100">
        <div className="flex">
          {slides.map((slide, i) => (
            <div
              key={slide.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className="min-w-0 flex-[0_0_100%]"
            >
              <img
                src={slide.src}
                srcSet={imageSrcSet(slide.src)}
                sizes="(min-width: 768px) 640px, 100vw"
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
        <div className="mt-2 flex items-center justify-between">
          <Button variant="secondary" onClick={() => api?.scrollPrev()} aria-label="Previous picture">
            ‹
          </Button>
          <p aria-live="polite" className="text-sm text-muted">
            {selected + 1} / {slides.length}
          </p>
          <Button variant="secondary" onClick={() => api?.scrollNext()} aria-label="Next picture">
            ›
          </Button>
        </div>
      ) : null}
    </section>
  );
}
