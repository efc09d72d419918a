/** The standalone scripts a page sent without React may ask for (vite.config.ts lists their entries). */
export type IslandName = "carousel" | "finder" | "sections" | "share";
