/** How many products a 409 names before "and N more". */
export const NAMED_PRODUCTS = 5;

/** "12 products: Reset Pro 16, Vanguard 14, ... and 7 more" */
export function productsNamed(total: number, names: string[]): string {
  const more = total - names.length;
  return `${total} product${total === 1 ? '' : 's'}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Products ({id, name}, in name order) as a 409 names them. */
export function namedList(rows: { name: string }[]): string {
  return productsNamed(
    rows.length,
    rows.slice(0, NAMED_PRODUCTS).map((row) => row.name),
  );
}
