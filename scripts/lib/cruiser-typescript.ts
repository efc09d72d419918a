// dependency-cruiser reads TypeScript through the compiler's JavaScript API, which
// TypeScript 7 (the project's compiler) no longer has; TypeScript 6 has it, installed
// under the alias `typescript6`. Importing this module hands dependency-cruiser that
// one when it asks for `typescript` (or its package.json) and leaves every other
// import alone (docs/decisions/0018-layering-enforced.md). Import it before dependency-cruiser.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromCruiser = context.parentURL?.includes("/node_modules/dependency-cruiser/");
    if (fromCruiser && (specifier === "typescript" || specifier.startsWith("typescript/"))) {
      return nextResolve(specifier.replace(/^typescript/, "typescript6"), context);
    }
    return nextResolve(specifier, context);
  },
});
