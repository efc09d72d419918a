import path from "node:path";
import type { Plugin } from "vite";

/**
 * Worker threads load their code by path, outside the server bundle's module graph.
 * From source (tests, `npm run dev`) Node runs a worker's .ts file itself; the server
 * build emits each entry as build/server/<name>.js, beside index.js, where the code
 * that starts the worker looks for it (e.g. features/menu-import/sheet.server.ts).
 */
export function serverWorkers(entries: Record<string, string>): Plugin {
  let serve = false;
  return {
    name: "foodverse-server-workers",
    sharedDuringBuild: true,
    configResolved(config) {
      serve = config.command === "serve";
    },
    buildStart() {
      if (serve || this.environment.name !== "ssr") return;
      for (const [name, file] of Object.entries(entries)) {
        this.emitFile({ type: "chunk", id: path.resolve(file), fileName: `${name}.js` });
      }
    },
  };
}
