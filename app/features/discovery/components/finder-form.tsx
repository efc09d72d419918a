import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { SelectField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { ALL_RESTAURANT_TYPES, COUNTRIES, ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import { FINDER_PRICES, FINDER_RATINGS, PRICE_BANDS, type FinderTab } from "../finder.options.ts";
import { enhanceFinderPlaces, type City } from "../finder-places.ts";

type Values = Record<string, string | undefined>;

/**
 * Both finder tabs. A plain GET form: the filters land in the URL, so results
 * can be shared, the back button works, and it works without JavaScript (city
 * and area open after the country / city is sent).
 */
export function FinderForm({
  tab,
  values,
  cities,
  cityNames,
}: {
  tab: FinderTab;
  values: Values;
  cities: City[];
  /** Each city's name in the page's language, where it has one, for the pickers the browser fills. */
  cityNames: Record<string, string>;
}) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? enhanceFinderPlaces(form.current) : undefined), []);
  const country = values.country ?? "";
  const city = values.city ?? "";
  const areas = cities.find((c) => c.label === city)?.areas ?? [];
  const busy = useNavigation().state === "loading";
  const items = tab === "items";
  const priceOptions = FINDER_PRICES.map((p) => ({ value: p, label: t(PRICE_BANDS[p].label) }));
  // Data values go as they are; people read them in the page's language.
  const labelled = (list: readonly string[]) => translatedOptions(list, t);
  const any = t("Any");

  return (
    <Form
      ref={form}
      method="get"
      role="search"
      data-finder
      data-country={country}
      data-city={city}
      // What the place pickers (finder-places.ts, also the visitors' island) write, in the page's language.
      data-loading-cities={t("Loading cities…")}
      data-no-cities={t("No cities are listed for {{country}} yet.", { country: "{country}" })}
      data-city-names={Object.keys(cityNames).length > 0 ? JSON.stringify(cityNames) : undefined}
      aria-label={items ? t("Item Finder") : t("Restaurant Locator")}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="tab" value={tab} />
      <TextField
        key={`${tab}-q`}
        label={items ? t("Dish name") : t("Restaurant name")}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={values.q ?? ""}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label={t("Country")}
          name="country"
          placeholder={any}
          options={labelled(COUNTRIES)}
          defaultValue={country}
        />
        <SelectField
          label={t("City")}
          name="city"
          placeholder={any}
          disabled={cities.length === 0}
          options={labelled(cities.map((c) => c.label))}
          defaultValue={city}
          hint={
            country && cities.length === 0
              ? t("No cities are listed for {{country}} yet.", { country })
              : undefined
          }
        />
        {items ? (
          <SelectField
            label={t("Area")}
            name="area"
            placeholder={any}
            disabled={areas.length === 0}
            options={areas}
            defaultValue={values.area ?? ""}
          />
        ) : (
          <SelectField
            label={t("Type")}
            name="type"
            placeholder={any}
            options={labelled(ALL_RESTAURANT_TYPES)}
            defaultValue={values.type ?? ""}
          />
        )}
        {items ? null : (
          <SelectField
            label={t("Rating")}
            name="rating"
            placeholder={any}
            options={FINDER_RATINGS.map((r) => ({
              value: r,
              label: r === "5" ? t("{{count}} stars", { count: 5 }) : t("{{rating}}+ stars", { rating: r }),
            }))}
            defaultValue={values.rating ?? ""}
          />
        )}
        <SelectField
          label={t("Price range")}
          name="price"
          placeholder={any}
          options={priceOptions}
          defaultValue={values.price ?? ""}
        />
        {items ? (
          <>
            <SelectField
              label={t("Show")}
              name="show"
              placeholder={t("Dishes")}
              options={[
                { value: "deals", label: t("Deals") },
                { value: "iftar", label: t("Iftar deals") },
              ]}
              defaultValue={values.show ?? ""}
            />
            <SelectField
              label={t("Taste")}
              name="taste"
              placeholder={any}
              options={labelled(TASTES)}
              defaultValue={values.taste ?? ""}
            />
            <SelectField
              label={t("Item type")}
              name="itemType"
              placeholder={any}
              options={labelled(ITEM_TYPES)}
              defaultValue={values.itemType ?? ""}
            />
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? t("Searching…") : t("Search")}
        </Button>
        <Link to={`?tab=${tab}`} className={buttonClass("secondary")}>
          {t("Clear filters")}
        </Link>
      </div>
    </Form>
  );
}
