// `npm start`'s first step: builds the app when there is no build yet, so that
// `npm install && npm start` serves on a fresh checkout, and leaves a stale build to
// server.ts, which refuses it (docs/decisions/0036). One command that owns the build
// (the browser tests' server, CI) passes --stale to build again when a source is newer.
// Two of them started at once build once: ensure-build.ts holds a lock while building.
import "./lib/check-node.ts";
import { ensureBuild } from "./ensure-build.ts";

ensureBuild({ whenStale: process.argv.includes("--stale") ? "build" : "ignore" });
