// The server build's entry: `npm run build` bundles this file, with every route
// module and service it reaches, into build/server/index.js (vite.config.ts).
// One bundle, one module graph: the web app and the commands share one database
// pool and one auth instance per process.
//   server.ts (npm start)                 → createApp, the Express app (server/http-app.ts)
//   scripts/admin.ts, scripts/demo.ts     → the command-line entry points (server/commands.ts)
export { createApp, type AppOptions } from "./http-app.ts";
export { runAdminCommand, runDemo, type AdminCommand } from "./commands.ts";
