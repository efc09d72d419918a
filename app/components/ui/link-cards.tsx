import { Link } from "react-router";

export interface LinkCard {
  to: string;
  label: string;
  text: string;
  /** A line that stands out under the text (e.g. what waits for the owner). */
  note?: string;
}

/** A row of large link cards (a restaurant's MENU / BRANCHES / REVIEWS and the like). */
export function LinkCards({ label, cards, columns }: { label: string; cards: LinkCard[]; columns: string }) {
  return (
    <nav aria-label={label} className={`grid gap-4 ${columns}`}>
      {cards.map((card) => (
        <Link
          key={card.label}
          to={card.to}
          className="flex flex-col gap-1 rounded-xl bg-white p-6 shadow-sm hover:ring-2 hover:ring-brand"
        >
          <span className="text-xl font-bold text-brand">{card.label}</span>
          <span className="text-muted">{card.text}</span>
          {card.note ? <span className="font-semibold text-ink">{card.note}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
