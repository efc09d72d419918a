// `npm run admin -- create --email a@b.c --password secret123`: makes an admin account.
import { parseArgs } from "node:util";

const usage = "Usage: npm run admin -- create --email <email> --password <password (8+ characters)>";
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, password: { type: "string" } },
});

if (positionals[0] !== "create" || !values.email || !values.password || values.password.length < 8) {
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
  const { created } = await runAdminCommand({ email: values.email, password: values.password });
  console.log(created ? `Admin ${values.email} created.` : `${values.email} is now an admin.`);
  process.exit(0);
} catch (error) {
  console.error(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
