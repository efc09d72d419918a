import { useEffect, useRef, useState } from "react";
import { SelectField, translatedOptions } from "~/components/ui/field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import type { CountryLocations } from "~/lib/reference-data.ts";

/**
 * product rules §2/§4: Province → City → Area, each disabled until its parent is chosen;
 * changing a parent clears its children.
 */
export function LocationFields({ locations, errors }: { locations: CountryLocations; errors: FieldErrors }) {
  const { t } = useI18n();
  const [province, setProvince] = useState("");
  const [city, setCity] = useState("");
  const [area, setArea] = useState("");
  const provinces = locations.provinces;
  const cities = provinces.find((p) => p.label === province)?.cities ?? [];
  const areas = cities.find((c) => c.label === city)?.areas ?? [];
  const none = provinces.length === 0;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // A province picked before React took the page over (a slow phone, a quick hand) is in
  // the page but not in this state: City would stay closed for good. Read it once React
  // has the page; City and Area cannot change before then (they start closed). Run again
  // with new places, it reads back the state React has just put in the page: no change.
  useEffect(() => {
    const picked = fieldset.current?.querySelector<HTMLSelectElement>('select[name="provinceLabel"]')?.value;
    if (picked && provinces.some((p) => p.label === picked)) setProvince(picked);
  }, [provinces]);
  return (
    <fieldset ref={fieldset} className="flex flex-col gap-4">
      <legend className="font-medium">{t("Location")}</legend>
      {none ? (
        <p className="text-muted">
          {t("There are no places to choose from for {{country}} yet.", { country: t(locations.country) })}
        </p>
      ) : null}
      <SelectField
        label={t("Province")}
        name="provinceLabel"
        optional
        disabled={none}
        options={translatedOptions(
          provinces.map((p) => p.label),
          t,
        )}
        value={province}
        onChange={(e) => {
          setProvince(e.target.value);
          setCity("");
          setArea("");
        }}
        error={errors.provinceLabel}
      />
      <SelectField
        label={t("City")}
        name="cityLabel"
        optional
        disabled={!province}
        options={translatedOptions(
          cities.map((c) => c.label),
          t,
        )}
        value={city}
        onChange={(e) => {
          setCity(e.target.value);
          setArea("");
        }}
        error={errors.cityLabel}
      />
      <SelectField
        label={t("Area")}
        name="areaLabel"
        optional
        disabled={!city || areas.length === 0}
        options={areas}
        value={area}
        onChange={(e) => setArea(e.target.value)}
        error={errors.areaLabel}
        hint={city && areas.length === 0 ? t("No areas are listed for this city.") : undefined}
      />
    </fieldset>
  );
}
