import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/** What a loader's page gets: its value, or the value inside `data(value, { headers })`. */
export type LoaderData<L extends (args: never) => unknown> =
  Awaited<ReturnType<L>> extends infer R ? (R extends DataWithResponseInit<infer D> ? D : R) : never;

/** Calls a route's loader with `args` and returns what its page gets (see LoaderData). */
export async function loaderData<L extends (args: never) => unknown>(
  loader: L,
  args: unknown,
): Promise<LoaderData<L>> {
  const result: unknown = await loader(args as Parameters<L>[0]);
  const wrapped =
    typeof result === "object" &&
    result !== null &&
    (result as { type?: unknown }).type === "DataWithResponseInit";
  return (wrapped ? (result as DataWithResponseInit<unknown>).data : result) as LoaderData<L>;
}
