// Loads the demo world (restaurants in Islamabad and Rawalpindi, menus with
// pictures, branches with QR codes, customers, reviews) into the configured
// database and prints the logins:
//   npm run demo                   a dozen restaurants
//   npm run demo -- --scale small  two restaurants, a few of everything
// It refuses a database that holds anyone else's restaurants or customers.
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { scale: { type: "string", default: "full" } } });
if (values.scale !== "full" && values.scale !== "small") {
  console.error("Usage: npm run demo [-- --scale full|small]");
  process.exit(2);
}
const scale = values.scale;
// The use cases log each step at info level; the summary below says what matters.
process.env.LOG_LEVEL ||= "warn";

// The same code the server runs, from its build (built first if needed).
const fs = await import("node:fs");
if (!fs.existsSync("./build/server/index.js")) {
  const { spawnSync } = await import("node:child_process");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { runDemo } = (await import("../build/server/index.js" as string)) as typeof import("../server/app.ts");
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
