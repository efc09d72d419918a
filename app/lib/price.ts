// product rules §9 keeps two currencies on purpose: 'Rs.' on owner pages, '$' on public and item pages.
const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function ownerPrice(value: number): string {
  return `Rs. ${number.format(value)}`;
}

export function publicPrice(value: number): string {
  return `$${number.format(value)}`;
}
