// Imported first by server.ts and the scripts that open the database: ES module
// imports run in order, so this stops an old Node.js before any module that loads
// better-sqlite3 (which would segfault there) is evaluated.
import { exitUnlessNodeFits } from "./node-version.ts";

exitUnlessNodeFits();
