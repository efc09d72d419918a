import type { CountryLocations } from "~/lib/reference-data.ts";

export interface City {
  label: string;
  areas: string[];
}

export function citiesOf(locations: CountryLocations): City[] {
  return locations.provinces.flatMap((p) => p.cities);
}

/** The cities of a country from its static file (product rules §7), fetched once a page. */
function citiesLoader(): (country: string) => Promise<City[]> {
  const loaded = new Map<string, Promise<City[]>>();
  return (country) => {
    let cities = loaded.get(country);
    if (!cities) {
      cities = fetch(`/data/countries/${encodeURIComponent(country)}.json`)
        .then((response) => (response.ok ? (response.json() as Promise<CountryLocations>) : null))
        .then((locations) => (locations ? citiesOf(locations) : []))
        .catch(() => {
          loaded.delete(country); // a dropped connection may be retried with the next pick
          return [];
        });
      loaded.set(country, cities);
    }
    return cities;
  };
}

/** `names`: what a reader sees for a label, where the page's language has its own word; the label is sent. */
function fill(select: HTMLSelectElement, labels: string[], names: Record<string, string> = {}) {
  const placeholder = select.options[0]?.text ?? "";
  const shown = (label: string) => (Object.hasOwn(names, label) ? names[label]! : label);
  select.replaceChildren(
    new Option(placeholder, ""),
    ...labels.map((label) => new Option(shown(label), label)),
  );
  select.disabled = labels.length === 0;
}

/** The select's hint (SelectField renders it only when there is one), made when first needed. */
function hintOf(select: HTMLSelectElement): (text: string) => void {
  const id = `${select.id}-hint`;
  return (text) => {
    let hint = document.getElementById(id);
    if (!hint && !text) return;
    if (!hint) {
      hint = document.createElement("p");
      hint.id = id;
      hint.className = "text-sm text-muted";
      // Between the label and the list, where SelectField puts its hints.
      select.before(hint);
      const described = select.getAttribute("aria-describedby");
      select.setAttribute("aria-describedby", described ? `${described} ${id}` : id);
    }
    hint.setAttribute("aria-live", "polite");
    hint.textContent = text;
    hint.hidden = !text;
  };
}

/**
 * The finder's place pickers: city opens once a country is chosen and area once a
 * city is; changing a parent clears its children. Plain DOM over the server's GET
 * form (which works without it), so React's finder and the finder island for
 * visitors share it. The form says which country and city its options were
 * rendered for (`data-country`, `data-city`), so a pick made before this ran is
 * caught up.
 */
export function enhanceFinderPlaces(form: HTMLFormElement): () => void {
  const country = form.querySelector<HTMLSelectElement>('select[name="country"]');
  const city = form.querySelector<HTMLSelectElement>('select[name="city"]');
  const area = form.querySelector<HTMLSelectElement>('select[name="area"]');
  if (!country || !city) return () => {};
  const load = citiesLoader();
  const cityHint = hintOf(city);
  // The words come from the page (the form's data- attributes), in its language.
  const loadingText = form.dataset.loadingCities ?? "";
  const noCitiesText = (chosen: string) => (form.dataset.noCities ?? "").replace("{country}", () => chosen);
  const cityNames = JSON.parse(form.dataset.cityNames ?? "{}") as Record<string, string>;
  let countryTurn = 0;
  let cityTurn = 0;

  const onCountry = async () => {
    const turn = ++countryTurn;
    cityTurn++;
    const chosen = country.value;
    fill(city, []);
    if (area) fill(area, []);
    cityHint(chosen ? loadingText : "");
    if (!chosen) return;
    const cities = await load(chosen);
    if (turn !== countryTurn) return;
    fill(
      city,
      cities.map((c) => c.label),
      cityNames,
    );
    cityHint(cities.length ? "" : noCitiesText(chosen));
  };
  const onCity = async () => {
    if (!area) return;
    const turn = ++cityTurn;
    fill(area, []);
    if (!city.value) return;
    const cities = await load(country.value);
    if (turn !== cityTurn) return;
    fill(area, cities.find((c) => c.label === city.value)?.areas ?? []);
  };

  country.addEventListener("change", onCountry);
  city.addEventListener("change", onCity);
  if (country.value !== (form.dataset.country ?? "")) void onCountry();
  else if (city.value !== (form.dataset.city ?? "")) void onCity();
  return () => {
    countryTurn++;
    cityTurn++;
    country.removeEventListener("change", onCountry);
    city.removeEventListener("change", onCity);
  };
}
