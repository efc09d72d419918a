// Sent to anonymous visitors of a branch page instead of React: the section tabs' mark follows the scroll.
import { followSections } from "~/features/branches/section-tabs-behaviour.ts";

for (const nav of document.querySelectorAll<HTMLElement>("nav[data-current]")) followSections(nav);
