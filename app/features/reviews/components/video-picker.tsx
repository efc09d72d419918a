import { messageFromText, type Message } from "~/lib/message.ts";
import { useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";

type State =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "done"; uploadId: string; name: string }
  | { step: "failed"; message: Message };

interface Cancellable {
  abort(terminate?: boolean): Promise<void>;
}

/**
 * One video, sent with the tus resumable protocol: a progress bar with percent,
 * automatic retries that continue from the last byte the server has, and
 * resuming after a reload (tus-js-client remembers the upload in localStorage).
 * The finished upload's id goes with the review form.
 */
export function VideoPicker({
  maxBytes,
  error,
  onBusyChange,
}: {
  maxBytes: number;
  error?: Message;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t, tm } = useI18n();
  const id = useId();
  const [state, setState] = useState<State>({ step: "idle" });
  const current = useRef<Cancellable | null>(null);
  const megabytes = Math.round(maxBytes / 1024 / 1024);

  async function start(file: File) {
    await current.current?.abort();
    if (file.size > maxBytes) {
      setState({
        step: "failed",
        message: t("The video is larger than {{mb}} MB.", { mb: megabytes }),
      });
      return;
    }
    const { Upload } = await import("tus-js-client");
    onBusyChange(true);
    setState({ step: "uploading", percent: 0 });
    const upload = new Upload(file, {
      endpoint: "/uploads/video",
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onProgress(sent, total) {
        setState({ step: "uploading", percent: total ? Math.floor((sent / total) * 100) : 0 });
      },
      onSuccess() {
        onBusyChange(false);
        setState({ step: "done", uploadId: upload.url?.split("/").pop() ?? "", name: file.name });
      },
      onError(failure) {
        onBusyChange(false);
        const response = (failure as { originalResponse?: { getBody(): string; getStatus(): number } })
          .originalResponse;
        const body = response?.getBody();
        setState({
          step: "failed",
          message:
            body && (response?.getStatus() ?? 500) < 500
              ? messageFromText(body)
              : t("The video could not be uploaded. Please try again."),
        });
      },
    });
    current.current = upload;
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  const message = state.step === "failed" ? state.message : error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        {t("Video")}{" "}
        <span className="font-normal text-muted">
          {t("(optional, one, up to {{mb}} MB)", { mb: megabytes })}
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept="video/mp4,video/webm,video/quicktime"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void start(file);
        }}
        className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
      />
      <input type="hidden" name="videoUpload" value={state.step === "done" ? state.uploadId : ""} />
      {state.step === "uploading" ? (
        <div className="flex items-center gap-2">
          <progress max={100} value={state.percent} aria-label={t("Video upload")} className="h-3 flex-1" />
          <span aria-live="polite">{state.percent}%</span>
        </div>
      ) : null}
      {state.step === "done" ? (
        <p role="status">{t("Video uploaded: {{name}}", { name: state.name })}</p>
      ) : null}
      {message ? <p className="text-sm text-danger">{tm(message)}</p> : null}
    </div>
  );
}
