// Admin tasks from the command line:
//   npm run admin -- create --email a@b.c --password 'secret123'
//   npm run admin -- approve --restaurant bundukhan
//   npm run admin -- reject --restaurant bundukhan --reason 'Menu prices missing'
//   npm run admin -- suspend --restaurant bundukhan --reason 'Closed for renovation'
import { parseArgs } from "node:util";

const usage = [
  "Usage:",
  "  npm run admin -- create --email <email> --password <password (8+ characters)>",
  "  npm run admin -- approve --restaurant <web name>",
  "  npm run admin -- reject --restaurant <web name> --reason <text>",
  "  npm run admin -- suspend --restaurant <web name> --reason <text>",
].join("\n");
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    restaurant: { type: "string" },
    reason: { type: "string" },
  },
});

type Command = import("../server/app.ts").AdminCommand;
function command(): Command | null {
  const [name] = positionals;
  if (name === "create" && values.email && values.password && values.password.length >= 8) {
    return { command: "create", email: values.email, password: values.password };
  }
  if ((name === "approve" || name === "reject" || name === "suspend") && values.restaurant) {
    return { command: name, restaurant: values.restaurant, reason: values.reason };
  }
  return null;
}

const input = command();
if (!input) {
  console.error(usage);
  process.exit(2);
}

// The same code the server runs, from its build (built first if needed).
const fs = await import("node:fs");
if (!fs.existsSync("./build/server/index.js")) {
  const { spawnSync } = await import("node:child_process");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { runAdminCommand } = (await import(
  "../build/server/index.js" as string
)) as typeof import("../server/app.ts");
try {
  console.log(await runAdminCommand(input));
  process.exit(0);
} catch (error) {
  console.error(`Could not ${input.command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
