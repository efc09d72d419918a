import type { Message } from "~/lib/message.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useScripted } from "~/components/ui/use-scripted.ts";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Translate } from "~/i18n/i18n.ts";
import { matchPhoto, photoKey } from "../menu-import.messages.ts";

interface Answer {
  ok: boolean;
  message?: Message;
  stored?: string[];
  ignored?: string[];
}

/** One photo to the import's photo endpoint, reporting the bytes sent as they go. */
function send(action: string, file: File, onProgress: (sent: number) => void, t: Translate): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => onProgress(event.loaded));
    xhr.addEventListener("load", () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch {
        resolve({
          ok: false,
          message: t("{{name}} could not be uploaded ({{status}}).", { name: file.name, status: xhr.status }),
        });
      }
    });
    xhr.addEventListener("error", () =>
      resolve({
        ok: false,
        message: t("{{name}}: the connection dropped. Choose it again.", { name: file.name }),
      }),
    );
    const body = new FormData();
    body.append("photos", file);
    xhr.send(body);
  });
}

/**
 * The import's photos: choose them (or a whole folder), and the ones the spreadsheet
 * names go up one at a time with a progress bar; the others are left on the phone.
 * Without scripts the same form posts the chosen photos at once.
 */
export function PhotoUploader({
  action,
  needed,
  uploaded,
}: {
  action: string;
  needed: readonly string[];
  uploaded: readonly string[];
}) {
  const { t, href } = useI18n();
  // The import's own page in this language: the form posts there without scripts.
  const target = href(action);
  const id = useId();
  const { progress, messages, upload } = usePhotoUploads(target, needed);
  const missing = needed.filter((name) => !matchPhoto(name, uploaded));
  const busy = progress !== null && progress.done < progress.count;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("Photos")}{" "}
        <span className="font-normal text-muted">
          {t("({{done}} of {{total}} uploaded)", {
            done: needed.length - missing.length,
            total: needed.length,
          })}
        </span>
      </h2>
      <MissingPhotos missing={missing} />
      <PhotoForm target={target} busy={busy} upload={upload} />
      {progress ? <UploadProgress progress={progress} /> : null}
      {messages.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-danger" aria-live="polite">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface Progress {
  percent: number;
  done: number;
  count: number;
}

/** Sends the chosen photos the spreadsheet names one at a time, keeping the progress and the notes to show. */
function usePhotoUploads(target: string, needed: readonly string[]) {
  const { t, tm } = useI18n();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [messages, setMessages] = useState<string[]>([]);

  async function upload(chosen: FileList | null) {
    const all = [...(chosen ?? [])];
    const files = all.filter((file) => needed.some((name) => matchPhoto(name, [photoKey(file.name)])));
    const skipped = all.length - files.length;
    const notes =
      skipped > 0 ? [t("{{count}} files are not named in the spreadsheet.", { count: skipped })] : [];
    if (files.length === 0) {
      setMessages(notes.length ? notes : [t("Choose the photos your spreadsheet names.")]);
      return;
    }
    const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
    let before = 0;
    setMessages(notes);
    setProgress({ percent: 0, done: 0, count: files.length });
    for (const [index, file] of files.entries()) {
      const answer = await send(
        target,
        file,
        (sent) =>
          setProgress({
            percent: Math.round(((before + sent) / total) * 100),
            done: index,
            count: files.length,
          }),
        t,
      );
      before += file.size;
      if (!answer.ok && answer.message) notes.push(tm(answer.message));
      setProgress({ percent: Math.round((before / total) * 100), done: index + 1, count: files.length });
    }
    setMessages([...notes]);
    await revalidator.revalidate();
  }

  return { progress, messages, upload };
}

function MissingPhotos({ missing }: { missing: string[] }) {
  const { t } = useI18n();
  return missing.length > 0 ? (
    <details open={missing.length <= 12}>
      <summary className="min-h-11 cursor-pointer py-2 font-medium">
        {t("Still needed ({{number}})", { number: missing.length })}
      </summary>
      <ul className="flex flex-wrap gap-2">
        {missing.map((name) => (
          <li key={name} className="rounded bg-amber-50 px-2 py-0.5 font-mono text-sm text-amber-900">
            {name}
          </li>
        ))}
      </ul>
    </details>
  ) : (
    <p role="status">{t("Every photo the spreadsheet names is here.")}</p>
  );
}

/** The file and folder choosers; without scripts, a button posts the chosen photos at once. */
function PhotoForm({
  target,
  busy,
  upload,
}: {
  target: string;
  busy: boolean;
  upload(chosen: FileList | null): Promise<void>;
}) {
  const { t } = useI18n();
  const folder = useRef<HTMLInputElement>(null);
  const scripted = useScripted();

  useEffect(() => {
    // Not a React attribute: lets the browser offer a folder instead of files.
    folder.current?.setAttribute("webkitdirectory", "");
  }, []);

  return (
    <form method="post" action={target} encType="multipart/form-data" className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 font-medium">
        {t("Choose photos")}
        <input
          type="file"
          name="photos"
          accept="image/*"
          multiple
          disabled={busy}
          onChange={(e) => (scripted ? void upload(e.target.files) : undefined)}
          className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
        />
      </label>
      {scripted ? (
        <label className="flex flex-col gap-1 font-medium">
          {t("Or a whole folder of photos")}
          <input
            ref={folder}
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            onChange={(e) => void upload(e.target.files)}
            className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
          />
        </label>
      ) : (
        <button type="submit" className={buttonClass("secondary", "self-start")}>
          {t("Upload photos")}
        </button>
      )}
      <p className="text-sm text-muted">
        {t("Photos are matched by file name; the rest of a folder stays on your phone.")}
      </p>
    </form>
  );
}

function UploadProgress({ progress }: { progress: Progress }) {
  const { t } = useI18n();
  return (
    <div className="flex items-center gap-2">
      <progress max={100} value={progress.percent} aria-label={t("Photo upload")} className="h-3 flex-1" />
      <span aria-live="polite">
        {t("{{percent}}% · {{done}} of {{total}}", {
          percent: progress.percent,
          done: progress.done,
          total: progress.count,
        })}
      </span>
    </div>
  );
}
