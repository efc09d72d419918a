import { buttonClass } from "./button.tsx";

/** ↑ / ↓ submit buttons (intent "up" / "down") that reorder a list entry without retyping numbers. */
export function MoveButtons({ label, first, last }: { label: string; first: boolean; last: boolean }) {
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="up"
        disabled={first}
        className={buttonClass("ghost")}
        aria-label={`Move ${label} up`}
      >
        ↑
      </button>
      <button
        type="submit"
        name="intent"
        value="down"
        disabled={last}
        className={buttonClass("ghost")}
        aria-label={`Move ${label} down`}
      >
        ↓
      </button>
    </>
  );
}
