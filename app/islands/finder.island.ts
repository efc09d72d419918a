// Sent to anonymous visitors of /search instead of React: the country → city → area pickers.
import { enhanceFinderPlaces } from "~/features/discovery/finder-places.ts";

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-finder]")) enhanceFinderPlaces(form);
