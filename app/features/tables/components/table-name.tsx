import { useI18n } from "~/i18n/use-i18n.ts";

/** A table as people say it: 'Table 3' for a number, a name ('Family hall 3') as written. */
export function TableName({ label, numbered }: { label: string; numbered: boolean }) {
  const { t } = useI18n();
  return numbered ? <>{t("Table {{number}}", { number: label })}</> : <bdi>{label}</bdi>;
}
