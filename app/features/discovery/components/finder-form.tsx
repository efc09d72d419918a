import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextField } from "~/components/ui/field.tsx";
import { ALL_RESTAURANT_TYPES, COUNTRIES, ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import { FINDER_PRICES, FINDER_RATINGS, PRICE_BANDS, type FinderTab } from "../finder.options.ts";
import { enhanceFinderPlaces, type City } from "../finder-places.ts";

type Values = Record<string, string | undefined>;

/**
 * Both finder tabs. A plain GET form: the filters land in the URL, so results
 * can be shared, the back button works, and it works without JavaScript (city
 * and area open after the country / city is sent).
 */
export function FinderForm({ tab, values, cities }: { tab: FinderTab; values: Values; cities: City[] }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? enhanceFinderPlaces(form.current) : undefined), []);
  const country = values.country ?? "";
  const city = values.city ?? "";
  const areas = cities.find((c) => c.label === city)?.areas ?? [];
  const busy = useNavigation().state === "loading";
  const items = tab === "items";
  const priceOptions = FINDER_PRICES.map((p) => ({ value: p, label: PRICE_BANDS[p].label }));

  return (
    <Form
      ref={form}
      method="get"
      role="search"
      data-finder
      data-country={country}
      data-city={city}
      aria-label={items ? "Item Finder" : "Restaurant Locator"}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="tab" value={tab} />
      <TextField
        key={`${tab}-q`}
        label={items ? "Dish name" : "Restaurant name"}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={values.q ?? ""}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Country"
          name="country"
          placeholder="Any"
          options={COUNTRIES}
          defaultValue={country}
        />
        <SelectField
          label="City"
          name="city"
          placeholder="Any"
          disabled={cities.length === 0}
          options={cities.map((c) => c.label)}
          defaultValue={city}
          hint={country && cities.length === 0 ? `No cities are listed for ${country} yet.` : undefined}
        />
        {items ? (
          <SelectField
            label="Area"
            name="area"
            placeholder="Any"
            disabled={areas.length === 0}
            options={areas}
            defaultValue={values.area ?? ""}
          />
        ) : (
          <SelectField
            label="Type"
            name="type"
            placeholder="Any"
            options={ALL_RESTAURANT_TYPES}
            defaultValue={values.type ?? ""}
          />
        )}
        {items ? null : (
          <SelectField
            label="Rating"
            name="rating"
            placeholder="Any"
            options={FINDER_RATINGS.map((r) => ({ value: r, label: r === "5" ? "5 stars" : `${r}+ stars` }))}
            defaultValue={values.rating ?? ""}
          />
        )}
        <SelectField
          label="Price range"
          name="price"
          placeholder="Any"
          options={priceOptions}
          defaultValue={values.price ?? ""}
        />
        {items ? (
          <>
            <SelectField
              label="Taste"
              name="taste"
              placeholder="Any"
              options={TASTES}
              defaultValue={values.taste ?? ""}
            />
            <SelectField
              label="Item type"
              name="itemType"
              placeholder="Any"
              options={ITEM_TYPES}
              defaultValue={values.itemType ?? ""}
            />
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Searching…" : "Search"}
        </Button>
        <Link to={`?tab=${tab}`} className={buttonClass("secondary")}>
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
