import fs from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { serverLogFile } from "./helpers.ts";

// The browser tests' server writes its log, at `info` as `npm start` does, to one file
// in the run's data folder; secrets-in-log.teardown.ts reads it after every spec has run.
setup("the server writes its log where the last step reads it", async () => {
  await expect
    .poll(() => (fs.existsSync(serverLogFile()) ? fs.readFileSync(serverLogFile(), "utf8") : ""))
    .toContain('"msg":"Foodverse is listening"');
});
