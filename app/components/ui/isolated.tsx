import type { ReactNode } from "react";

// A private-use character no message holds: it marks where each value goes.
const MARK = "\u{F8FF}";

/**
 * A translated sentence with each value in its own <bdi>: in right-to-left
 * Urdu a number beside words keeps its place and its spaces ("پچھلے 30 دن", never
 * "پچھلے30 دن"). `translate` receives stand-ins for the values, so not for {{count}},
 * which chooses a plural form.
 */
type Values = { [name: string]: string | number };
type Translate = (standIns: { [name: string]: string }) => string;

export function isolated(translate: Translate, values: Values): ReactNode[] {
  const names = Object.keys(values);
  const text = translate(Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])));
  return text.split(new RegExp(`${MARK}(\\d+)${MARK}`, "u")).map((part, i) =>
    i % 2 === 0 ? (
      part
    ) : (
      // Nastaliq's final letters sweep into the next space ("پچھلے"): a little more room in Urdu.
      <bdi key={i} className="rtl:mx-1">
        {values[names[Number(part)]!]}
      </bdi>
    ),
  );
}
