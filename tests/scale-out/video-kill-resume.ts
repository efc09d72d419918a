// For `npm run test:scale-out`: a 20 MB video sent with tus through
// nginx as a browser sends it (5 MB PATCHes). The process a PATCH is streaming to is
// SIGKILLed half-way through it; the upload goes on through the other process from the
// offset the shared database holds; a review takes it; nginx serves the video; and the
// bucket keeps it once (no pieces, no upload rows left).
import pg from "pg";
import type { AppServer } from "../../bench/lib/app-server.ts";
import { signUpCustomer } from "../../bench/lib/fixture.ts";
import { createS3Storage, type S3Settings } from "../../app/server/storage/s3-storage.server.ts";
import { sleep } from "../setup/cluster.ts";
import { postedToBranch } from "../setup/review-posted.ts";
import { fakeMp4 } from "../setup/videos.ts";

const MB = 1024 * 1024;
const VIDEO_BYTES = 20 * MB;
/** tus-js-client's chunk in the review form (video-picker.tsx). */
const CHUNK = 5 * MB;

export interface VideoKillResume {
  publicUrl: string;
  /** The two processes behind nginx, both running. */
  processes: [AppServer, AppServer];
  databaseUrl: string;
  s3: S3Settings;
  restaurant: string;
  branch: string;
  check(ok: boolean, what: string): void;
  log(line: string): void;
}

/** The process that answered, from nginx's X-Upstream (the last one tried). */
const upstreamOf = (response: Response) => response.headers.get("x-upstream")?.split(", ").pop() ?? "";

export async function videoKillResume(t: VideoKillResume): Promise<void> {
  const { check, log } = t;
  const [first, second] = t.processes;
  const byPort = (address: string) => t.processes.find((p) => address.endsWith(`:${p.port}`));
  const customer = await signUpCustomer(t.publicUrl, 9000);
  const tus = (path: string, method: string, headers: Record<string, string> = {}, body?: BodyInit) =>
    customer.request(path, {
      method,
      headers: { "tus-resumable": "1.0.0", ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  const patch = (path: string, offset: number, body: BodyInit) =>
    tus(
      path,
      "PATCH",
      { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body,
    );

  const video = fakeMp4(VIDEO_BYTES);
  const started = performance.now();
  const created = await tus("/uploads/video", "POST", {
    "upload-length": String(VIDEO_BYTES),
    "upload-metadata": `filename ${Buffer.from("karahi.mp4").toString("base64")}`,
  });
  await created.arrayBuffer();
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}`);
  const path = new URL(created.headers.get("location")!).pathname;
  const uploadId = path.split("/").pop()!;

  const one = await patch(path, 0, new Uint8Array(video.subarray(0, CHUNK)));
  await one.arrayBuffer();
  if (one.status !== 204) throw new Error(`the first 5 MB answered ${one.status}`);
  // nginx takes turns (one worker, equal weights, nothing else running): the next
  // request goes to the process that did not answer this one.
  const victim = byPort(upstreamOf(one)) === first ? second : first;
  const survivor = victim === first ? second : first;

  // The second 5 MB: 3 MB sent, then the process receiving it is killed, then the rest.
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new Uint8Array(video.subarray(CHUNK, CHUNK + 3 * MB)));
        return;
      }
      await released;
      controller.enqueue(new Uint8Array(video.subarray(CHUNK + 3 * MB, 2 * CHUNK)));
      controller.close();
    },
  });
  const inFlight = patch(path, CHUNK, body).then(
    async (response) => ({
      status: response.status,
      upstream: upstreamOf(response),
      text: await response.text(),
    }),
    (error: unknown) => ({ status: 0, upstream: "", text: String(error) }),
  );
  await sleep(500);
  log(
    `(f) 8 MB of 20 acknowledged or in flight; SIGKILL :${victim.port} (pid ${victim.pid}), which receives the second 5 MB`,
  );
  process.kill(victim.pid, "SIGKILL");
  release();
  const cut = await inFlight;
  check(
    cut.status !== 204 && (cut.upstream === "" || cut.upstream.endsWith(`:${victim.port}`)),
    `(f) the PATCH streaming to :${victim.port} when it was SIGKILLed: ` +
      `${cut.status === 0 ? `connection failed (${cut.text.slice(0, 60)})` : `${cut.status} ${cut.upstream ? `from ${cut.upstream}` : "(nginx's page)"}`}`,
  );

  // The client asks where to go on; only the survivor can answer, from the shared database.
  const head = await tus(path, "HEAD");
  await head.arrayBuffer();
  const resumeAt = Number(head.headers.get("upload-offset"));
  check(
    head.status === 200 && resumeAt === CHUNK && upstreamOf(head).endsWith(`:${survivor.port}`),
    `(f) HEAD through nginx: ${head.status} from ${upstreamOf(head)}, Upload-Offset ${resumeAt} ` +
      `(${CHUNK} acknowledged before the kill)`,
  );

  // The rest, as tus-js-client would: a failed PATCH is followed by a HEAD and sent again.
  let offset = resumeAt;
  let retries = 0;
  const answeredBy = new Set<string>();
  while (offset < VIDEO_BYTES) {
    const next = Math.min(offset + CHUNK, VIDEO_BYTES);
    const response = await patch(path, offset, new Uint8Array(video.subarray(offset, next))).catch(
      () => null,
    );
    await response?.arrayBuffer();
    if (response?.status === 204) {
      answeredBy.add(upstreamOf(response));
      offset = Number(response.headers.get("upload-offset"));
      continue;
    }
    if (++retries > 5)
      throw new Error(`the upload did not resume: PATCH at ${offset} answered ${response?.status}`);
    await sleep(500);
    offset = Number((await tus(path, "HEAD")).headers.get("upload-offset"));
  }
  const uploadMs = performance.now() - started;
  check(
    [...answeredBy].every((address) => address.endsWith(`:${survivor.port}`)),
    `(f) the upload resumed at ${resumeAt} and finished on :${survivor.port} ` +
      `(${[...answeredBy].join(", ")}; ${retries} PATCH sent again): 20 MB in ${(uploadMs / 1000).toFixed(1)} s`,
  );

  // A review takes the video; nginx serves it, byte for byte.
  const text = "Scale video review: the karahi sizzles on camera.";
  const postStarted = performance.now();
  const location = await customer.post(
    `/profile/customer/addreview/${t.restaurant}/${t.branch}`,
    { rating: "5", review: text, videoUpload: uploadId },
    { multipart: true },
  );
  const postMs = performance.now() - postStarted;
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  let videoUrl = "";
  let leftRows = -1;
  try {
    videoUrl =
      (await db.query<{ reviewVideo: string }>(`select "reviewVideo" from review where review = $1`, [text]))
        .rows[0]?.reviewVideo ?? "";
    leftRows = Number(
      (
        await db.query<{ n: string }>(
          `select (select count(*) from video_upload_state) + (select count(*) from video_upload_piece) as n`,
        )
      ).rows[0]!.n,
    );
  } finally {
    await db.end();
  }
  const served = await fetch(`${t.publicUrl}${videoUrl}`, { signal: AbortSignal.timeout(30_000) });
  const bytes = Buffer.from(await served.arrayBuffer());
  check(
    postedToBranch(location, t.branch) && served.status === 200 && bytes.equals(video),
    `(f) the review took it (${postMs.toFixed(0)} ms, joining the pieces into ${videoUrl || "NO VIDEO"}); ` +
      `nginx serves it: ${served.status}, ${bytes.length} bytes, ${bytes.equals(video) ? "the same" : "DIFFERENT"}`,
  );

  // Kept once: the one video under vid/, nothing under tus/, no upload rows.
  const keys: string[] = [];
  for await (const object of createS3Storage(t.s3).list("")) keys.push(object.key);
  const videos = keys.filter((key) => key.startsWith("vid/"));
  const pieces = keys.filter((key) => key.startsWith("tus/"));
  const other = keys.filter((key) => !key.startsWith("vid/") && !key.startsWith("img/"));
  check(
    videos.length === 1 &&
      `/media/${videos[0]}` === videoUrl &&
      pieces.length === 0 &&
      other.length === 0 &&
      leftRows === 0,
    `(f) the bucket: ${keys.length} objects, ${videos.length} under vid/ (${videos.join(", ")}), ` +
      `${pieces.length} upload pieces, ${other.length} else; upload rows left ${leftRows}`,
  );
}
