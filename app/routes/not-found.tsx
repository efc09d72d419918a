import { notFound } from "~/server/request.server.ts";

// Any URL no other route matches answers 404 through the root error page ('Oops!').
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
