import { Outlet } from "react-router";
import { requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/layout";

// The protected layout of SPEC §2. Each child loader checks the role again: the
// layout's check alone would not guard a child's data request.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, "customer");
  return null;
}

export default function CustomerArea() {
  return <Outlet />;
}
