// Loads the demo world (restaurants in Islamabad and Rawalpindi, menus with
// pictures, branches with QR codes, customers, reviews) into the configured
// database and prints the logins:
//   npm run demo                   a dozen restaurants
//   npm run demo -- --scale small  two restaurants, a few of everything
// It refuses a database that holds anyone else's restaurants or customers.
// First: an older Node.js is told what to run before the database driver loads.
import "./lib/check-node.ts";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { scale: { type: "string", default: "full" } } });
if (values.scale !== "full" && values.scale !== "small") {
  console.error("Usage: npm run demo [-- --scale full|small]");
  process.exit(2);
}
const scale = values.scale;
// The use cases log each step at info level; the summary below says what matters.
process.env.LOG_LEVEL ||= "warn";

// The same code the server runs, from its build (built first if there is none;
// a stale one is used with a warning, as a server may be running from it).
const { loadServerBuild } = await import("./ensure-build.ts");
const { runDemo } = await loadServerBuild({ whenStale: "warn" });
console.log(`Loading the demo data (${scale})…`);
try {
  const { exitCode, text } = await runDemo({ scale });
  (exitCode === 0 ? console.log : console.error)(text);
  process.exit(exitCode);
} catch (error) {
  console.error(`Could not load the demo data: ${error instanceof Error ? error.message : String(error)}`);
  console.error("The demo may be partly loaded: start again with an empty database.");
  process.exit(1);
}
