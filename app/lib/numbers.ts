/**
 * A number as people type one in a form: digits, perhaps a sign and a decimal point
 * (ranges are the schema's to check). `Number()` alone would also take "" (0),
 * "0x10" (16), "1e3" and "Infinity".
 */
export function plainDecimal(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d{1,12}(\.\d{1,4})?$/.test(trimmed) ? Number(trimmed) : null;
}
