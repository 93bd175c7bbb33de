import { useSearchParams } from 'react-router';

/**
 * A list page's filters, sort and page, kept in the address so that reload, back and a shared
 * link show the same list. Changing a filter goes back to page 1.
 */
export function useSearchState<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const update = (changes: Partial<Record<K | 'page', string | number>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '' || value === undefined) next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { values, page, update };
}
