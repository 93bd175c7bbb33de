/** A list's filters, sort and page, as the address and the API's query string carry them. */
export type QueryValues = Record<string, string | number | undefined>;

/** A query string of the filters that are set; empty values are left out. */
export function queryString(values: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
