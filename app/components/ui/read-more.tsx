import { useState } from "react";
import { truncateWords } from "~/lib/words.ts";

/** SPEC §2/§9: about texts show 30 words, then Read More / Show Less. */
export function ReadMore({ text, words = 30 }: { text: string; words?: number }) {
  const [open, setOpen] = useState(false);
  const short = truncateWords(text, words);
  return (
    <p className="whitespace-pre-line">
      {open || !short.truncated ? text : short.text}{" "}
      {short.truncated ? (
        <button
          type="button"
          className="font-medium text-brand underline"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {open ? "Show Less" : "Read More"}
        </button>
      ) : null}
    </p>
  );
}
