import { qrSvg } from "~/features/restaurants/qr-download.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { ownerQrTarget } from "~/features/branches/owner-qr.server.ts";
import { QrAddressWarning } from "~/features/restaurants/components/qr-address-warning.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/qr-card";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Table card")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const target = await ownerQrTarget(services, viewer.userId, params.branchName);
  if (!target) notFound(params.branchName ? BRANCH_MESSAGES.notFound : undefined);
  return { ...target, svg: await qrSvg(target.url), shortUrl: target.pageUrl.replace(/^https?:\/\//, "") };
}

/** A printable A6 table card: name, QR code, and the address to type if the camera fails. */
export default function QrCard({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { title, subtitle, svg, shortUrl, note } = loaderData;
  return (
    <div className="flex flex-col items-center gap-4">
      <QrAddressWarning note={note} />
      <style>{`@page { size: A6; margin: 8mm } @media print { header, nav, .no-print, .Toastify { display: none !important } main { padding: 0 !important } body { background: #fff } }`}</style>
      <article className="flex w-[105mm] max-w-full flex-col items-center gap-3 rounded-xl border-2 border-ink bg-white p-6 text-center print:border-0">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="text-lg font-semibold">{subtitle}</p> : null}
        <p>{t("Scan for our menu")}</p>
        <div
          role="img"
          aria-label={t("QR code for {{url}}", { url: shortUrl })}
          className="w-56 [&>svg]:h-auto [&>svg]:w-full"
          // The SVG is made on the server by the qrcode library from our own URL.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <p className="font-mono text-sm break-all">{shortUrl}</p>
        <p className="text-sm">Foodverse</p>
      </article>
      <button
        type="button"
        className="no-print min-h-11 rounded-md bg-brand px-4 font-semibold text-white"
        onClick={() => window.print()}
      >
        {t("Print")}
      </button>
    </div>
  );
}
