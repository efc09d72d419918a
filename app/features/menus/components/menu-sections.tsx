import type { MenuSection } from "../menu-read.server.ts";
import { ItemCard } from "./item-card.tsx";

/** Sections in number order with their notes and item cards (owner's menu and 'Our Menu'). */
export function MenuSections({
  sections,
  itemHref,
  price,
}: {
  sections: MenuSection[];
  itemHref?: (id: string) => string;
  price: (n: number) => string;
}) {
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`menu-${section.id}`} className="flex flex-col gap-3">
          <h2 id={`menu-${section.id}`} className="text-xl font-bold">
            {section.originalName}
          </h2>
          {section.topNote ? <p className="text-muted">{section.topNote}</p> : null}
          <ul className="grid gap-3 md:grid-cols-2">
            {section.items.map((item) => (
              <ItemCard key={item.id} item={item} href={itemHref?.(item.id)} price={price} />
            ))}
          </ul>
          {section.bottomNote ? <p className="text-sm text-muted">{section.bottomNote}</p> : null}
        </section>
      ))}
    </div>
  );
}
