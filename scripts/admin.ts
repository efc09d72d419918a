// Admin tasks from the command line:
//   npm run admin -- create --email a@b.c        asks for the password (not shown as typed;
//                                                 read from standard input when that is no terminal)
//   npm run admin -- approve --restaurant bundukhan
//   npm run admin -- reject --restaurant bundukhan --reason 'Menu prices missing'
//   npm run admin -- suspend --restaurant bundukhan --reason 'Closed for renovation'
//   npm run admin -- unlock someone@example.com     clears every lock on the account
//   PUBLIC_URL=https://menus.example.pk npm run admin -- update-links
//                                                 QR codes and shared links to PUBLIC_URL
// First: an older Node.js is told what to run before the database driver loads.
import "./lib/check-node.ts";
import { parseArgs } from "node:util";

const usage = [
  "Usage:",
  "  npm run admin -- create --email <email>      (asks for the password, 8+ characters)",
  "  npm run admin -- approve --restaurant <web name>",
  "  npm run admin -- reject --restaurant <web name> --reason <text>",
  "  npm run admin -- suspend --restaurant <web name> --reason <text>",
  "  npm run admin -- unlock <email>                 (clears the account's sign-in and mail locks)",
  "  npm run admin -- update-links                   (QR codes and shared links to this PUBLIC_URL)",
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

type Command = import("../server/index.ts").AdminCommand;
async function command(): Promise<Command | null> {
  const [name] = positionals;
  if (name === "create" && values.email) {
    // --password still works for scripts, but shows in the shell's history and the process list.
    const password = values.password ?? (await readPassword(`Password for ${values.email}: `));
    if (password.length < 8) {
      console.error("The password must have at least 8 characters.");
      process.exit(2);
    }
    return { command: "create", email: values.email, password };
  }
  const email = values.email ?? positionals[1];
  if (name === "unlock" && email) return { command: "unlock", email };
  if (name === "update-links") return { command: "update-links" };
  if ((name === "approve" || name === "reject" || name === "suspend") && values.restaurant) {
    return { command: name, restaurant: values.restaurant, reason: values.reason };
  }
  return null;
}

/** A password from the terminal without echo (asked twice), or the first line of standard input. */
async function readPassword(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    let text = "";
    stdin.setEncoding("utf8");
    for await (const chunk of stdin) {
      text += chunk as string;
      if (text.includes("\n")) break;
    }
    return text.split(/\r?\n/)[0] ?? "";
  }
  const first = await readHidden(prompt);
  if ((await readHidden("Again: ")) !== first) {
    stderr.write("The two passwords differ.\n");
    process.exit(2);
  }
  return first;
}

function readHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  // Raw mode before the prompt: keys typed (or pasted) at once are never echoed.
  stdin.setEncoding("utf8");
  stdin.setRawMode(true);
  stdin.resume();
  stderr.write(prompt);
  return new Promise((resolve) => {
    let value = "";
    const done = () => {
      stdin.off("data", onKeys);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onKeys = (keys: string) => {
      for (const key of keys) {
        if (key === "\r" || key === "\n" || key === "\u0004") {
          done();
          resolve(value);
          return;
        }
        if (key === "\u0003") {
          done();
          process.exit(130);
        }
        value = key === "\u007f" || key === "\b" ? value.slice(0, -1) : value + key;
      }
    };
    stdin.on("data", onKeys);
  });
}

const input = await command();
if (!input) {
  console.error(usage);
  process.exit(2);
}

// The same code the server runs, from its build (built first if there is none;
// a stale one is used with a warning, as a server may be running from it).
const { loadServerBuild } = await import("./ensure-build.ts");
const { runAdminCommand } = await loadServerBuild({ whenStale: "warn" });
try {
  console.log(await runAdminCommand(input));
  process.exit(0);
} catch (error) {
  console.error(`Could not ${input.command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
