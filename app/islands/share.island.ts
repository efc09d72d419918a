// Sent to visitors of a branch page instead of React: the share sheet for 'Share'.
import { enhanceShareLink } from "~/components/ui/share-behaviour.ts";

for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-share-url]")) enhanceShareLink(link);
