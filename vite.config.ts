import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./build-tools/islands-plugin.ts";
import { serverWorkers } from "./build-tools/server-workers-plugin.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The SSR build's entry is server/index.ts (the Express app and the command-line
  // entry points), so the server, the routes and every service share one module
  // graph (one database pool, one auth instance).
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/index.ts" } } },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    islands({
      carousel: "app/islands/carousel.island.ts",
      finder: "app/islands/finder.island.ts",
      sections: "app/islands/sections.island.ts",
      share: "app/islands/share.island.ts",
    }),
    // Untrusted spreadsheets are read in a worker thread (features/menu-import/sheet.server.ts).
    serverWorkers({ "sheet-worker": "app/features/menu-import/sheet-worker.server.ts" }),
  ],
});
