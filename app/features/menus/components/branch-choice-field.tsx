import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * 'Add to all branches' or a chosen set (ADR 0021): every branch is ticked to begin
 * with; unticking one adds the new section or dish there hidden, so the owner can
 * show it later from that branch's screen. Nothing when the restaurant has no branch.
 */
export function BranchChoiceField({
  branches,
  chosen,
}: {
  branches: readonly { id: string; branchName: string }[];
  /** After a refused form: the ids that were ticked (undefined: all). */
  chosen?: readonly string[];
}) {
  const { t } = useI18n();
  if (branches.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
      <legend className="px-1 font-medium">{t("Branches")}</legend>
      <p className="text-sm text-muted">
        {t("Also add it to these branches. Untick a branch to leave it off that branch's menu.")}
      </p>
      {/* The ticked boxes below are the whole choice, even when none is ticked. */}
      <input type="hidden" name="branchChoice" value="chosen" />
      <ul className="flex flex-col">
        {branches.map((branch) => (
          <li key={branch.id}>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="toBranches"
                value={branch.id}
                defaultChecked={chosen ? chosen.includes(branch.id) : true}
                className="size-5 shrink-0 accent-brand"
              />
              {branch.branchName}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
