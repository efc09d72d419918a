// `npm run lint`'s layer check: dependency-cruiser's command line with the rules of
// .dependency-cruiser.cjs, reading TypeScript through TypeScript 6 (lib/cruiser-typescript.ts).
import "./lib/cruiser-typescript.ts";

// The command-line entry is not among the package's exports: loaded by its path.
await import(new URL("../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs", import.meta.url).href);
