// The import rules of ADR 0018 (docs/architecture.md, "Layers"), checked by `npm run lint`.
// A rule here fails the build; nothing is a warning, so a new violation cannot pile up unseen.

/**
 * Features from the top down: a feature may import the ones after it, never one
 * before it (ADR 0018). A feature missing here is caught by `feature-not-in-order`.
 */
const FEATURE_ORDER = [
  "demo",
  "admin",
  "discovery",
  "seo",
  "insights",
  "privacy",
  "reviews",
  "tables",
  "branches",
  "menu-import",
  "deals",
  "menus",
  "profiles",
  "restaurants",
  "accounts",
];

/** Test files sit beside the code they test and may reach across layers to set it up. */
const NOT_TESTS = "\\.test\\.tsx?$";

/** The database: Kysely itself, the connection and schema files, every query module. */
const DATABASE = ["^node_modules/kysely/", "^app/server/db[^/]*\\.server\\.ts$", "\\.queries\\.server\\.ts$"];

/** Code that reaches the browser bundle: shared UI, islands, client-safe helpers, feature UI and schemas. */
const CLIENT_CODE = [
  "^app/components/",
  "^app/islands/",
  "^app/lib/",
  "^app/features/[^/]+/components/",
  "^app/features/[^/]+/[^/]+\\.schema\\.ts$",
];

const featureOrderRules = FEATURE_ORDER.map((feature, index) => ({
  name: `feature-order-${feature}`,
  comment: `${feature} may import only the features after it in the order: ${FEATURE_ORDER.slice(index + 1).join(", ") || "none"}.`,
  severity: "error",
  from: { path: `^app/features/${feature}/`, pathNot: NOT_TESTS },
  to: {
    path: "^app/features/([^/]+)/",
    pathNot: [`^app/features/(${[feature, ...FEATURE_ORDER.slice(index + 1)].join("|")})/`],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules that import each other cannot be understood or tested one at a time.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "feature-not-in-order",
      comment: "Every feature folder has its place in FEATURE_ORDER (ADR 0018).",
      severity: "error",
      from: { path: "^app/" },
      to: { path: `^app/features/(?!(${FEATURE_ORDER.join("|")})/)` },
    },
    ...featureOrderRules,
    {
      name: "nothing-imports-routes",
      comment: "Routes are the top of the app: only the route table and the server entry reach them.",
      severity: "error",
      from: { path: "^app/(features|server|lib|components|islands)/", pathNot: NOT_TESTS },
      to: { path: "^app/routes/" },
    },
    {
      name: "infrastructure-below-features",
      comment: "app/server is infrastructure: it serves features and never imports them.",
      severity: "error",
      from: { path: "^app/server/", pathNot: NOT_TESTS },
      to: { path: "^app/(features|components|islands|routes)/" },
    },
    {
      name: "lib-is-the-bottom",
      comment: "app/lib holds client-safe helpers that everything may use; they import no layer above.",
      severity: "error",
      from: { path: "^app/lib/", pathNot: NOT_TESTS },
      // island-names.ts is the list of island names, a vocabulary with no code of its own.
      to: {
        path: "^app/(features|server|components|islands|routes)/",
        pathNot: "^app/islands/island-names\\.ts$",
      },
    },
    {
      name: "shared-ui-knows-no-feature",
      comment: "components/ is shared by every feature, so it depends on none.",
      severity: "error",
      from: { path: "^app/components/", pathNot: NOT_TESTS },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "no-database-in-routes-or-ui",
      comment: "Routes and UI call a use case (features/*/*.server.ts); queries live in *.queries.server.ts.",
      severity: "error",
      from: {
        path: [
          "^app/routes/",
          "^app/root\\.tsx$",
          "^app/components/",
          "^app/islands/",
          "^app/features/[^/]+/components/",
        ],
        pathNot: NOT_TESTS,
      },
      // A row's type is no query: `import type` of a queries module is erased from the build.
      to: { path: DATABASE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "queries-only-in-query-modules",
      comment:
        "Use cases and the server entry build no SQL: a query is a named function in a *.queries.server.ts (DESIGN §3, ADR 0035).",
      severity: "error",
      // dependency-cruiser sees imports, not calls: a use case handed `db` could still chain
      // `db.selectFrom`, but it cannot write `sql` or use Kysely's helpers without importing them.
      from: { path: ["^app/features/", "^server/"], pathNot: [NOT_TESTS, "\\.queries\\.server\\.ts$"] },
      // `import type { Kysely, Transaction }` is how a use case passes a connection on.
      to: { path: "^node_modules/kysely/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "requests-only-in-action-adapters",
      comment:
        "A feature reads a raw request only in a *-action(s).server.ts adapter or in access.server.ts (ADR 0035); use cases take values.",
      severity: "error",
      from: {
        path: "^app/features/",
        pathNot: [
          NOT_TESTS,
          "^app/features/[^/]+/components/",
          "-actions?\\.server\\.ts$",
          "^app/features/accounts/access\\.server\\.ts$",
        ],
      },
      to: {
        path: [
          "^node_modules/react-router/",
          "^app/server/(request|upload-form|toast|action-result)\\.server\\.ts$",
        ],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-server-code-in-the-browser",
      comment: "A .server.ts file holds secrets, env or the database: client code never imports it.",
      severity: "error",
      from: { path: CLIENT_CODE, pathNot: NOT_TESTS },
      // `import type` is erased from the bundle; any other import would ship the module.
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that cannot be resolved hides its target from every rule above.",
      severity: "error",
      from: { path: "^(app|server|scripts)/" },
      // Made by React Router and Vite at build time: route types (./+types/…) and virtual modules.
      to: { couldNotResolve: true, pathNot: ["^\\./\\+types/", "^virtual:"] },
    },
  ],
  options: {
    // TypeScript's own parser (6, through scripts/depcruise.ts: 7 has no JavaScript API);
    // it reports type-only imports as such, so the layer rules see them too.
    parser: "tsc",
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    // node_modules is not followed (doNotFollow) but stays visible, so an import of kysely is seen.
    exclude: { path: "(^|/)(\\.react-router|build)/" },
    // React Router's generated route types (./+types/…) exist only after `react-router typegen`.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
