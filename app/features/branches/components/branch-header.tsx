import type { ReactNode } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";

/** Restaurant and branch name with the branch's QR code: the owner's and the public branch page. */
export function BranchHeader({
  restaurantName,
  branchName,
  qrImage,
  qrUrl,
  children,
}: {
  restaurantName: string;
  branchName: string;
  qrImage: string;
  qrUrl: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <header className="flex flex-col items-center gap-4 rounded-xl bg-white p-6 shadow-sm sm:flex-row sm:items-start">
      <img
        src={qrImage}
        alt={t("QR code linking to {{url}}", { url: qrUrl })}
        width={144}
        height={144}
        className="size-36"
      />
      <div className="flex flex-1 flex-col gap-2 text-center sm:text-start">
        <p className="text-lg text-muted">{restaurantName}</p>
        <h1 className="text-3xl font-bold">{branchName}</h1>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">{children}</div>
      </div>
    </header>
  );
}
