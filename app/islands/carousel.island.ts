// Sent to anonymous visitors of item pages instead of React: the carousel alone.
import { mountCarousel } from "~/components/ui/carousel-behaviour.ts";

for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) mountCarousel(root);
