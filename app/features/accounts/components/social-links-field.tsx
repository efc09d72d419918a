import type { Message } from "~/lib/message.ts";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import {
  canAddSocialLink,
  isWebLink,
  SOCIAL_LINK_MAX_LENGTH,
  SOCIAL_LINKS_MAX,
  WEB_LINK_MESSAGE,
} from "../accounts.schema.ts";

/** product rules §4/§5: links are added while fewer than 6, each trimmed, non-empty, ≤ 100 characters. */
export function SocialLinksField({ initial = [], error }: { initial?: string[]; error?: Message }) {
  const { t, tm } = useI18n();
  const id = useId();
  const [links, setLinks] = useState<string[]>(initial);
  const [draft, setDraft] = useState("");
  const canAdd = canAddSocialLink(draft, links);
  const add = () => {
    if (!canAdd) return;
    setLinks([...links, draft.trim()]);
    setDraft("");
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">
        {t("Social links")}{" "}
        <span className="font-normal text-muted">
          {t("(optional, up to {{max}})", { max: SOCIAL_LINKS_MAX })}
        </span>
      </legend>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t("New social link")}
        </label>
        <input
          id={id}
          value={draft}
          maxLength={SOCIAL_LINK_MAX_LENGTH + 20}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          placeholder={t("https://instagram.com/yourpage")}
          aria-describedby={`${id}-hint`}
          className="block min-h-11 w-full rounded-md border border-line bg-white px-3 py-2"
        />
        <Button variant="secondary" onClick={add} disabled={!canAdd}>
          {t("Add")}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {links.length >= SOCIAL_LINKS_MAX
          ? t("You have added {{max}} links, the most allowed.", { max: SOCIAL_LINKS_MAX })
          : draft.trim().length > SOCIAL_LINK_MAX_LENGTH
            ? t("A link may have at most {{max}} characters.", { max: SOCIAL_LINK_MAX_LENGTH })
            : draft.trim() !== "" && !isWebLink(draft.trim())
              ? tm(WEB_LINK_MESSAGE)
              : t("{{added}} of {{max}} added.", { added: links.length, max: SOCIAL_LINKS_MAX })}
      </p>
      {links.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {links.map((link, i) => (
            <li
              key={`${link}-${i}`}
              className="flex items-center justify-between gap-2 rounded bg-gray-100 ps-3"
            >
              <span className="truncate">{link}</span>
              <input type="hidden" name="sociallinks" value={link} />
              <Button
                variant="ghost"
                onClick={() => setLinks(links.filter((_, j) => j !== i))}
                aria-label={t("Remove {{link}}", { link })}
              >
                {t("Remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="text-sm text-danger">{tm(error)}</p> : null}
    </fieldset>
  );
}
