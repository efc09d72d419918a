declare module "virtual:islands" {
  /** Each island's script URL (build/islands-plugin.ts); empty in the client bundle. */
  export const islandUrls: Record<import("./island-names.ts").IslandName, string>;
}
