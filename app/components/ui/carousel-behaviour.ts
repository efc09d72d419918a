import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * product rules §2/§9: advances every 5000 ms and wraps; a swipe of 40 px moves it; stays
 * still for people who ask their device for reduced motion.
 *
 * Plain DOM, so the same code runs in React (carousel.tsx) and, without React, in
 * the item page's island for visitors. Until it runs (or with JavaScript off) the
 * pictures are a row that scrolls sideways, and the buttons stay invisible.
 */
export function mountCarousel(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return () => {};
  const slideCount = viewport.firstElementChild?.children.length ?? 0;
  const motion = window.matchMedia(REDUCED_MOTION);
  const plugins = () =>
    motion.matches || slideCount < 2 ? [] : [Autoplay({ delay: 5000, stopOnInteraction: false })];

  viewport.classList.replace("overflow-x-auto", "overflow-hidden");
  // The buttons move it now; a focus stop that scrolls nothing would be in the way.
  viewport.removeAttribute("tabindex");
  viewport.scrollLeft = 0;
  // An Urdu page is right to left: the first picture is on the right, 'next' comes from the left.
  const direction = getComputedStyle(viewport).direction === "rtl" ? "rtl" : "ltr";
  const embla: EmblaCarouselType = EmblaCarousel(
    viewport,
    { loop: true, dragThreshold: 40, direction },
    plugins(),
  );

  const counter = root.querySelector("[data-carousel-counter]");
  const onSelect = () => {
    if (counter) counter.textContent = String(embla.selectedScrollSnap() + 1);
  };
  const prev = root.querySelector("[data-carousel-prev]");
  const next = root.querySelector("[data-carousel-next]");
  const goPrev = () => embla.scrollPrev();
  const goNext = () => embla.scrollNext();
  const onMotionChange = () => embla.reInit({}, plugins());
  embla.on("select", onSelect);
  prev?.addEventListener("click", goPrev);
  next?.addEventListener("click", goNext);
  motion.addEventListener("change", onMotionChange);
  root.querySelector("[data-carousel-controls]")?.classList.remove("invisible");

  return () => {
    motion.removeEventListener("change", onMotionChange);
    prev?.removeEventListener("click", goPrev);
    next?.removeEventListener("click", goNext);
    embla.destroy();
  };
}
