import { STATIC_FOR_VISITORS } from "~/lib/static-page.ts";
import { notFound } from "~/server/request.server.ts";

// Nothing on an unknown URL needs scripts.
export const handle = STATIC_FOR_VISITORS;

// Any URL no other route matches answers 404 through the root error page ('Oops!').
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
