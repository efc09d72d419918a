/**
 * An on/off switch that is a submit button: it sends the intent that turns it the
 * other way, so it works without scripts and the page shows the saved state.
 */
export function SwitchSubmit({
  label,
  name,
  checked,
  turnOn,
  turnOff,
}: {
  /** The visible text, e.g. "Sold out". */
  label: string;
  /** The accessible name; it starts with the visible text (e.g. "Sold out: Chicken Karahi"). */
  name: string;
  checked: boolean;
  turnOn: string;
  turnOff: string;
}) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={checked}
      aria-label={name}
      name="intent"
      value={checked ? turnOff : turnOn}
      className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 font-medium hover:bg-brand-soft"
    >
      <span
        aria-hidden="true"
        className={`flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors ${
          checked ? "border-ink bg-ink" : "border-muted bg-white"
        }`}
      >
        <span
          className={`size-4 rounded-full transition-transform ${
            checked
              ? "translate-x-5.5 bg-white rtl:-translate-x-5.5"
              : "translate-x-0.5 bg-muted rtl:-translate-x-0.5"
          }`}
        />
      </span>
      {label}
    </button>
  );
}
