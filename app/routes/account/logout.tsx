import { redirect } from "react-router";
import { logOut } from "~/features/accounts/accounts.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import { readUnusedBody } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  // The form is empty (or absent), but its body too passes the limit every action's body does (docs/threat-model.md).
  await readUnusedBody(request, context);
  const headers = await logOut(servicesOf(context), request.headers);
  return redirect("/", { headers });
}

// Sign-out is a POST only; a GET (a link, a prefetch) must not end the session.
export function loader() {
  return redirect("/");
}
