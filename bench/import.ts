// npm run bench:import: a restaurant with two branches imports a menu of 30 and of
// 500 dishes from a spreadsheet, through the production build's HTTP forms as a
// browser without scripts sends them (the page's uploader makes the same requests):
// the sheet checked, every photo uploaded (one request each), the import written.
// Prints each step's time; run on a quiet machine (the photos are encoded on arrival).
import sharp from "sharp";
import { ensureBuild, makeDataDir, removeDataDir, startApp, freePort } from "./lib/app-server.ts";
import { signUpRestaurant } from "./lib/fixture.ts";

const SIZES = (process.argv[2] ?? "30,500").split(",").map(Number);
const SECTIONS = ["Karahi", "From the Tandoor", "Rice", "Drinks"];

function sheetOf(count: number): string {
  const rows = ["section,name,price,sizes,taste,category,subcategory,type,description,top_photo"];
  for (let i = 1; i <= count; i++) {
    const sized = i % 5 === 0;
    const price = sized ? "" : String(250 + ((i * 37) % 2000));
    const sizes = sized ? `"Half: ${800 + i}; Full: ${1500 + i}"` : "";
    const taste = ["Spicy", "Savory", "Sweet"][i % 3];
    rows.push(
      `${SECTIONS[i % SECTIONS.length]},Dish ${i},${price},${sizes},${taste},Curries,Karahi,Non-Veg,House dish ${i}.,dish-${i}.jpg`,
    );
  }
  return `${rows.join("\n")}\n`;
}

/** A phone photo's size (1200 × 900 JPEG), a different colour each. */
async function photo(i: number): Promise<Blob> {
  const bytes = await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 90 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

async function importMenu(base: string, count: number) {
  const owner = await signUpRestaurant(base, `Import Bench ${count}`);
  await owner.post("/profile/restaurant/addmenu/addsection", { originalName: "Karahi" });
  for (const branchName of ["Blue Area", "Saddar"])
    await owner.post("/profile/restaurant/addbranch", { branchName });
  const photos = await Promise.all(Array.from({ length: count }, (_, i) => photo(i + 1)));

  let started = performance.now();
  const preview = await owner.post(
    "/profile/restaurant/addmenu/import",
    { sheet: new Blob([sheetOf(count)], { type: "text/csv" }) },
    { fileNames: { sheet: "menu.csv" } },
  );
  const checkMs = performance.now() - started;
  if (!/\/import\/[\w-]+$/u.test(preview)) throw new Error(`the sheet was not taken: ${preview}`);

  started = performance.now();
  for (const [i, blob] of photos.entries()) {
    await owner.post(`${preview}/photos`, { photos: blob }, { fileNames: { photos: `dish-${i + 1}.jpg` } });
  }
  const photosMs = performance.now() - started;

  started = performance.now();
  const done = await owner.post(preview, { intent: "commit" });
  const writeMs = performance.now() - started;
  if (!done.endsWith("/addmenu/items")) throw new Error(`the import was not written: ${done}`);
  const branch = await owner.get("/profile/restaurant/mybranches/saddar");
  const onBranch = [...branch.text.matchAll(/>Dish \d+</gu)].length;
  if (onBranch !== count) throw new Error(`the branch shows ${onBranch} of ${count} dishes`);
  return { count, checkMs, photosMs, writeMs };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

ensureBuild();
const dataDir = makeDataDir();
const app = await startApp({
  dataDir,
  port: await freePort(),
  env: { APPROVAL_MODE: "auto", LOG_LEVEL: "warn" },
});
try {
  console.log(
    "| dishes | sheet checked | photos uploaded and encoded | import written (2 branches) | total |",
  );
  console.log(
    "| -----: | ------------: | --------------------------: | -------------------------: | ----: |",
  );
  for (const size of SIZES) {
    const r = await importMenu(app.url, size);
    console.log(
      `| ${r.count} | ${s(r.checkMs)} | ${s(r.photosMs)} (${(r.photosMs / r.count).toFixed(0)} ms a photo) | ${s(r.writeMs)} | ${s(r.checkMs + r.photosMs + r.writeMs)} |`,
    );
  }
} finally {
  await app.stop();
  removeDataDir(dataDir);
}
