import { useEffect, useRef, type ReactNode } from "react";
import { enhanceShareLink } from "./share-behaviour.ts";

/**
 * A link that shares a page: WhatsApp's click-to-chat with the page's address, or the
 * phone's share sheet where the browser has one (share-behaviour.ts; the page's
 * `share` island does it for visitors).
 */
export function ShareLink({
  url,
  title,
  className,
  children,
}: {
  url: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => (link.current ? enhanceShareLink(link.current) : undefined), []);
  return (
    <a
      ref={link}
      href={`https://wa.me/?text=${encodeURIComponent(`${title}: ${url}`)}`}
      data-share-url={url}
      data-share-title={title}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      {children}
    </a>
  );
}
