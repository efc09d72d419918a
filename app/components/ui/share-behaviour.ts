/**
 * A 'Share' link (`a[data-share-url]`) opens the phone's own share sheet where the
 * browser has one; elsewhere it stays what it is (WhatsApp). Plain DOM code: the share
 * island runs it for visitors, ShareLink's effect for signed-in people.
 */
export function enhanceShareLink(link: HTMLAnchorElement): () => void {
  if (typeof navigator.share !== "function") return () => {};
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    navigator.share({ title: link.dataset.shareTitle, url: link.dataset.shareUrl }).catch(() => {
      // Closed without sharing, or not allowed: nothing to do.
    });
  };
  link.addEventListener("click", onClick);
  return () => link.removeEventListener("click", onClick);
}
