/** An item as the editor holds it: existing ones keep their id, new ones have none yet. */
export interface DraftItem {
  id?: string;
  variants: Record<string, string>;
  sku: string;
  /** The price as typed, in kroner ("249" or "249,50"). */
  price: string;
  discountPercent: number;
  /** Typed for a new item only: an existing item's stock changes through the inventory. */
  stock: number;
  orderLimit: number;
  weightGrams: number;
  disabled: boolean;
  lowStockThreshold: number | null;
  heroImage: string | null;
  gallery: string[];
  isDefault: boolean;
}

export interface DraftOption {
  name: string;
  values: string[];
}

const sameVariants = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** Every combination of the options' values, in the order the options and values are listed. */
export function combinations(options: readonly DraftOption[]): Record<string, string>[] {
  const usable = options.filter(
    (option) => option.name.trim() && option.values.some((value) => value.trim()),
  );
  return usable.reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) =>
        option.values
          .map((value) => value.trim())
          .filter(Boolean)
          .map((value) => ({ ...combo, [option.name.trim()]: value })),
      ),
    [{}],
  );
}

/** A readable SKU for a new combination, such as HEMP-T-SHIRT-RED-M. */
export function suggestedSku(slug: string, variants: Record<string, string>): string {
  return [slug, ...Object.values(variants)]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/**
 * The item matrix for the options: an existing item whose option values are still a combination
 * keeps its place, id, stock and SKU; a new combination starts from the default item's price and
 * the product's weight. Items that no longer match are left out (the server archives the sold ones).
 */
export function matrixFor(
  options: readonly DraftOption[],
  items: readonly DraftItem[],
  defaults: { slug: string; weightGrams: number },
): DraftItem[] {
  const template = items.find((item) => item.isDefault) ?? items[0];
  const matrix = combinations(options).map((variants): DraftItem => {
    const existing = items.find((item) => sameVariants(item.variants, variants));
    if (existing) return existing;
    return {
      variants,
      sku: suggestedSku(defaults.slug, variants),
      price: template?.price ?? '',
      discountPercent: template?.discountPercent ?? 0,
      stock: 0,
      orderLimit: template?.orderLimit ?? 10,
      weightGrams: defaults.weightGrams,
      disabled: false,
      lowStockThreshold: null,
      heroImage: null,
      gallery: [],
      isDefault: false,
    };
  });
  const live = matrix.filter((item) => !item.disabled);
  if (!matrix.some((item) => item.isDefault) && (live[0] ?? matrix[0]))
    return matrix.map((item) => ({ ...item, isDefault: item === (live[0] ?? matrix[0]) }));
  return matrix;
}

/** A picture only some items show (a colour's), named for the staff by `ImagesEditor`. */
export interface ItemImage {
  path: string;
  /** The option values its items share ("Red", "M / Blue"); '' when they share none. */
  shared: string;
  /** How many items show it, which names it when they share no value. */
  count: number;
  /** Which of the pictures with the same name it is, or null when its name is its own. */
  number: number | null;
}

/** The items' own pictures that are not among the product's `images`, in the items' order. */
export function itemImagesOf(images: readonly string[], items: readonly DraftItem[]): ItemImage[] {
  const family = new Set(images);
  const users = new Map<string, DraftItem[]>();
  for (const item of items)
    for (const path of new Set([item.heroImage ?? '', ...item.gallery]))
      if (path && !family.has(path)) users.set(path, [...(users.get(path) ?? []), item]);
  const named = [...users].map(([path, shown]) => ({
    path,
    shared: Object.entries(shown[0]?.variants ?? {})
      .filter(([name, value]) => shown.every((item) => item.variants[name] === value))
      .map(([, value]) => value)
      .join(' / '),
    count: shown.length,
  }));
  // Two pictures of one colour are told apart by their number, as their alt inputs must be.
  const nameOf = (one: { shared: string; count: number }) => one.shared || `#${one.count}`;
  const seen = new Map<string, number>();
  return named.map((one) => {
    const name = nameOf(one);
    const twins = named.filter((other) => nameOf(other) === name).length;
    const number = (seen.get(name) ?? 0) + 1;
    seen.set(name, number);
    return { ...one, number: twins > 1 ? number : null };
  });
}

/**
 * An item's key in the matrix: its option values, which no other item has. Choices made in the
 * table hold keys, not places, so they stay with their items when the options change.
 */
export const itemKey = (item: Pick<DraftItem, 'variants'>): string =>
  JSON.stringify(Object.entries(item.variants));

/** What the matrix can set for many items at once (issue 34.3). */
export const itemBulkFields = [
  'price',
  'discountPercent',
  'stock',
  'weightGrams',
  'skuPrefix',
] as const;
export type ItemBulkField = (typeof itemBulkFields)[number];

/** What a bulk edit sets; a field not given is kept. */
export type ItemsPatch = Partial<
  Pick<DraftItem, 'price' | 'discountPercent' | 'stock' | 'weightGrams'> & { skuPrefix: string }
>;

const wholeIn = (text: string, min: number, max: number) => {
  const value = Number(text);
  return /^\d+$/.test(text) && value >= min && value <= max ? value : undefined;
};

/**
 * The patch a typed value makes for a field, or the field when the value is not one it takes:
 * a price in kroner ("249" or "249,50"), a whole percent 0–100, a whole stock or weight in
 * grams 0–1 000 000, an SKU prefix with a letter or digit in it.
 */
export function itemsPatchOf(
  field: ItemBulkField,
  typed: string,
): { patch: ItemsPatch } | { invalid: ItemBulkField } {
  const text = typed.trim();
  switch (field) {
    case 'price':
      return /^\d+([.,]\d{1,2})?$/.test(text.replace(/\s/g, ''))
        ? { patch: { price: text } }
        : { invalid: field };
    case 'discountPercent': {
      const value = wholeIn(text, 0, 100);
      return value === undefined ? { invalid: field } : { patch: { discountPercent: value } };
    }
    case 'stock':
    case 'weightGrams': {
      const value = wholeIn(text, 0, 1_000_000);
      return value === undefined ? { invalid: field } : { patch: { [field]: value } };
    }
    case 'skuPrefix':
      return /[A-Za-z0-9]/.test(text) ? { patch: { skuPrefix: text } } : { invalid: field };
  }
}

/**
 * The items with `patch` set on those whose key is in `keys`, the others as they were. An SKU
 * prefix gives each item the prefix and its option values (TSH-RED-M). Stock is set on new items
 * only: an existing item's stock is counted goods, changed in the inventory with a reason.
 */
export function applyToItems(
  items: readonly DraftItem[],
  keys: ReadonlySet<string>,
  patch: ItemsPatch,
): DraftItem[] {
  const { skuPrefix, stock, ...fields } = patch;
  return items.map((item) => {
    if (!keys.has(itemKey(item))) return item;
    return {
      ...item,
      ...fields,
      ...(skuPrefix === undefined ? {} : { sku: suggestedSku(skuPrefix, item.variants) }),
      ...(stock === undefined || item.id ? {} : { stock }),
    };
  });
}
