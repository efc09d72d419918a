import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export const ISLANDS_VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${ISLANDS_VIRTUAL_ID}`;

/** Where the build records each island's file, for the JavaScript budget check. */
export const ISLANDS_MANIFEST = path.join("build", "islands.json");

/**
 * Islands are small standalone scripts (a carousel, the finder's place pickers)
 * that pages sent without React still need for anonymous visitors. Each entry is
 * emitted as its own hashed chunk of the client build, and `virtual:islands`
 * gives the server its URL (in dev, Vite serves the source).
 * React Router builds the client before the server, so the names are known in time.
 */
export function islands(entries: Record<string, string>): Plugin {
  const refs = new Map<string, string>();
  const built = new Map<string, string>();
  let serve = false;
  return {
    name: "foodverse-islands",
    // The client and server environments share this instance (sharedPlugins).
    sharedDuringBuild: true,
    configResolved(config) {
      serve = config.command === "serve";
    },
    buildStart() {
      if (serve || this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(entries)) {
        refs.set(name, this.emitFile({ type: "chunk", id: path.resolve(file), name: `${name}-island` }));
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const manifest: Record<string, { file: string; imports: string[] }> = {};
      for (const [name, ref] of refs) {
        const file = this.getFileName(ref);
        built.set(name, `/${file}`);
        const chunk = bundle[file];
        manifest[name] = { file, imports: chunk?.type === "chunk" ? chunk.imports : [] };
      }
      fs.mkdirSync(path.dirname(ISLANDS_MANIFEST), { recursive: true });
      fs.writeFileSync(ISLANDS_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    },
    resolveId(id) {
      return id === ISLANDS_VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const urls = Object.fromEntries(
        Object.entries(entries).map(([name, file]) => [
          name,
          serve
            ? `/${path.relative(process.cwd(), file).split(path.sep).join("/")}`
            : (built.get(name) ?? ""),
        ]),
      );
      return `export const islandUrls = ${JSON.stringify(urls)};`;
    },
  };
}
