import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextField } from "~/components/ui/field.tsx";
import {
  ALL_RESTAURANT_TYPES,
  COUNTRIES,
  ITEM_TYPES,
  TASTES,
  type CountryLocations,
} from "~/lib/reference-data.ts";
import { FINDER_PRICES, FINDER_RATINGS, PRICE_BANDS, type FinderTab } from "../finder.options.ts";

export interface City {
  label: string;
  areas: string[];
}

export function citiesOf(locations: CountryLocations): City[] {
  return locations.provinces.flatMap((p) => p.cities);
}

/** The cities of a country from its static file (SPEC §7), fetched when the visitor picks it. */
function useCities(country: string, initial: { country: string; cities: City[] }) {
  const [fetched, setFetched] = useState(initial);
  useEffect(() => {
    if (!country || country === fetched.country) return;
    const controller = new AbortController();
    fetch(`/data/countries/${encodeURIComponent(country)}.json`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<CountryLocations>) : null))
      .then((locations) => setFetched({ country, cities: locations ? citiesOf(locations) : [] }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ country, cities: [] });
      });
    return () => controller.abort();
  }, [country, fetched.country]);
  if (country === fetched.country) return { cities: fetched.cities, loading: false };
  return { cities: [], loading: Boolean(country) };
}

type Values = Record<string, string | undefined>;

/**
 * Both finder tabs. A plain GET form: the filters land in the URL, so results
 * can be shared, the back button works, and it works without JavaScript (city
 * and area open after the country / city is sent).
 */
export function FinderForm({ tab, values, cities }: { tab: FinderTab; values: Values; cities: City[] }) {
  const [country, setCountry] = useState(values.country ?? "");
  const [city, setCity] = useState(values.city ?? "");
  const [area, setArea] = useState(values.area ?? "");
  const places = useCities(country, { country: values.country ?? "", cities });
  const areas = places.cities.find((c) => c.label === city)?.areas ?? [];
  const busy = useNavigation().state === "loading";
  const items = tab === "items";
  const priceOptions = FINDER_PRICES.map((p) => ({ value: p, label: PRICE_BANDS[p].label }));
  const noCities = country && !places.loading && places.cities.length === 0;

  return (
    <Form
      method="get"
      role="search"
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
          value={country}
          onChange={(e) => {
            setCountry(e.target.value);
            setCity("");
            setArea("");
          }}
        />
        <SelectField
          label="City"
          name="city"
          placeholder="Any"
          disabled={!country || places.cities.length === 0}
          options={places.cities.map((c) => c.label)}
          value={city}
          onChange={(e) => {
            setCity(e.target.value);
            setArea("");
          }}
          hint={
            places.loading
              ? "Loading cities…"
              : noCities
                ? `No cities are listed for ${country} yet.`
                : undefined
          }
        />
        {items ? (
          <SelectField
            label="Area"
            name="area"
            placeholder="Any"
            disabled={!city || areas.length === 0}
            options={areas}
            value={area}
            onChange={(e) => setArea(e.target.value)}
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
