/**
 * Keeps the section tabs' one mark on the section at the top of the screen while the
 * diner scrolls: the last section whose heading has passed under the sticky
 * tabs, or, above the first heading, the section the page opens on (the server's mark,
 * `data-current`). Only `aria-current` moves: the tab's look follows it in CSS, so what
 * is marked and what looks marked cannot part.
 *
 * Plain DOM, so the same code runs in React (section-tabs.tsx) and, without React, in
 * the branch page's `sections` island for visitors. Until it runs (or with JavaScript
 * off) the server's mark stays.
 */
export function followSections(nav: HTMLElement): () => void {
  const tabs = [...nav.querySelectorAll<HTMLAnchorElement>("a[data-section]")];
  const opening = nav.dataset.current;
  let frame = 0;
  const mark = () => {
    frame = 0;
    // A heading counts as at the top once it reaches the tabs' lower edge (scroll-mt-16 leaves it just below).
    const line = nav.getBoundingClientRect().bottom + 16;
    let here = opening;
    for (const tab of tabs) {
      const heading = document.getElementById(`h-${tab.dataset.section}`);
      if (heading && heading.getBoundingClientRect().top <= line) here = tab.dataset.section;
    }
    for (const tab of tabs) {
      if (tab.dataset.section === here) tab.setAttribute("aria-current", "true");
      else tab.removeAttribute("aria-current");
    }
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(mark);
  };
  mark();
  addEventListener("scroll", onScroll, { passive: true });
  addEventListener("resize", onScroll, { passive: true });
  return () => {
    removeEventListener("scroll", onScroll);
    removeEventListener("resize", onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}
