import { useI18n } from "~/i18n/use-i18n.ts";
import { truncateWords } from "~/lib/words.ts";

/**
 * product rules §2/§9: about texts show 30 words, then Read More / Show Less. A native
 * disclosure (details/summary), so it works, and is announced as expanded or
 * collapsed, without any JavaScript: public pages send visitors none.
 */
export function ReadMore({ text, words = 30 }: { text: string; words?: number }) {
  const { t } = useI18n();
  const short = truncateWords(text, words);
  if (!short.truncated)
    return (
      <p dir="auto" className="whitespace-pre-line">
        {text}
      </p>
    );
  return (
    <div className="group/more">
      <p dir="auto" className="whitespace-pre-line group-has-open/more:hidden">
        {short.text}
      </p>
      <details className="group/details">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center font-medium text-brand underline [&::-webkit-details-marker]:hidden">
          <span className="group-open/details:hidden">{t("Read More")}</span>
          <span className="hidden group-open/details:inline">{t("Show Less")}</span>
        </summary>
        <p dir="auto" className="whitespace-pre-line">
          {text}
        </p>
      </details>
    </div>
  );
}
