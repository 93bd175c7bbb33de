import {
  nokToOre,
  oreToNok,
  productSaveRequestSchema,
  toProductSlug,
  type AdminProduct,
  type ProductRef,
  type ProductStatus,
} from '@shop/shared';
import { z } from 'zod';
import { type DraftItem, type DraftOption, matrixFor } from './item-matrix.js';
import type { SpecRow } from './specs-editor.js';

// The product editor's form: the draft it edits, the request made of it, and what the browser
// checks before sending.

export interface ProductDraft {
  /** Bokmål, as are the description, specs' `key`/`value` and `options`: the required texts. */
  name: string;
  /** English beside it (issue 31.5): '' where none is written, and the shop shows the bokmål. */
  nameEn: string;
  slug: string;
  slugByHand: boolean;
  categoryId: string;
  status: ProductStatus;
  vatPercent: number;
  weightGrams: number;
  /** The maker's brand and the product's GTIN, for the product feeds (issue 34.6); '' for none. */
  brand: string;
  gtin: string;
  description: string;
  descriptionEn: string;
  specs: SpecRow[];
  images: string[];
  heroImage: string;
  /** Alt text by image path, of the product's pictures and its items' own. */
  imageAlts: Record<string, string>;
  options: DraftOption[];
  /** The options' English names and values, by position of the bokmål ones. */
  optionsEn: DraftOption[];
  items: DraftItem[];
  related: ProductRef[];
}

let rowKey = 0;
export const newRowKey = () => `row-${++rowKey}`;

const priceText = (ore: number) => oreToNok(ore).toFixed(2).replace(/\.00$/, '');

/** The form's start: the product as loaded, or an empty one. */
export function draftOf(product: AdminProduct | undefined): ProductDraft {
  if (!product)
    return {
      name: '',
      nameEn: '',
      slug: '',
      slugByHand: false,
      categoryId: '',
      status: 'draft',
      vatPercent: 25,
      weightGrams: 500,
      brand: '',
      gtin: '',
      description: '',
      descriptionEn: '',
      specs: [],
      images: [],
      heroImage: '',
      imageAlts: {},
      options: [],
      optionsEn: [],
      items: matrixFor([], [], { slug: '', weightGrams: 500 }),
      related: [],
    };
  const images = [...new Set([product.heroImage, ...product.gallery].filter(Boolean))];
  return {
    name: product.name,
    nameEn: product.en.name,
    slug: product.slug,
    slugByHand: product.slug !== toProductSlug(product.name),
    categoryId: product.categoryId,
    status: product.status,
    vatPercent: product.vatPercent,
    weightGrams: product.weightGrams,
    brand: product.brand,
    gtin: product.gtin,
    description: product.description,
    descriptionEn: product.en.description,
    // Side by side by position: the back office writes the English list row by row beside the
    // bokmål one.
    specs: product.information.map((row, index) => ({
      id: newRowKey(),
      key: row.informationKey,
      value: row.informationValue,
      keyEn: product.en.information[index]?.informationKey ?? '',
      valueEn: product.en.information[index]?.informationValue ?? '',
    })),
    images,
    heroImage: product.heroImage,
    imageAlts: product.imageAlts,
    options: product.options.map((option) => ({ name: option.name, values: [...option.values] })),
    optionsEn: product.options.map((option, index) => ({
      name: product.en.options[index]?.name ?? '',
      values: option.values.map((_, at) => product.en.options[index]?.values[at] ?? ''),
    })),
    items: product.items
      .filter((item) => item.archivedAt === null)
      .map((item) => ({
        id: item.id,
        variants: item.variants,
        sku: item.sku,
        price: priceText(item.priceOre),
        discountPercent: item.discountPercent,
        stock: item.stock,
        orderLimit: item.orderLimit,
        weightGrams: item.weightGrams,
        disabled: item.disabled,
        lowStockThreshold: item.lowStockThreshold,
        heroImage: item.heroImage,
        gallery: item.gallery,
        isDefault: item.isDefault,
      })),
    related: product.related,
  };
}

/** "249", "249,50" or "249.50" kroner as øre; NaN for anything else. */
const oreOf = (price: string) => {
  const text = price.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(text) ? nokToOre(Number(text)) : Number.NaN;
};

/** The request the server takes for the draft, as typed: `draftErrors` says what it refuses. */
export function requestOf(draft: ProductDraft, version: number | undefined) {
  return {
    name: draft.name,
    ...(draft.slugByHand ? { slug: draft.slug } : {}),
    categoryId: draft.categoryId,
    description: draft.description,
    information: draft.specs.map((row) => ({
      informationKey: row.key,
      informationValue: row.value,
    })),
    vatPercent: draft.vatPercent,
    weightGrams: draft.weightGrams,
    brand: draft.brand,
    gtin: draft.gtin,
    relatedIds: draft.related.map((product) => product.id),
    status: draft.status,
    heroImage: draft.heroImage || draft.images[0] || '',
    gallery: draft.images,
    imageAlts: draft.imageAlts,
    options: usedOptions(draft).map(({ option }) => ({
      name: option.name,
      values: option.values.filter((value) => value.trim()),
    })),
    items: draft.items.map((item) => ({
      ...(item.id ? { id: item.id } : { stock: item.stock }),
      variants: item.variants,
      sku: item.sku,
      priceOre: oreOf(item.price),
      discountPercent: item.discountPercent,
      orderLimit: item.orderLimit,
      weightGrams: item.weightGrams,
      disabled: item.disabled,
      lowStockThreshold: item.lowStockThreshold,
      heroImage: item.heroImage,
      gallery: item.gallery,
      isDefault: item.isDefault,
    })),
    en: {
      name: draft.nameEn,
      description: draft.descriptionEn,
      information: draft.specs.map((row) => ({
        informationKey: row.keyEn,
        informationValue: row.valueEn,
      })),
      // The English values follow the bokmål ones the request keeps, position by position.
      options: usedOptions(draft).map(({ option, index }) => {
        const english = draft.optionsEn[index];
        return {
          name: english?.name ?? '',
          values: option.values.flatMap((value, at) =>
            value.trim() ? [english?.values[at] ?? ''] : [],
          ),
        };
      }),
    },
    ...(version === undefined ? {} : { version }),
  };
}

/** The options the request keeps (a row left empty is dropped), with their place in the draft. */
const usedOptions = (draft: ProductDraft) =>
  draft.options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => option.name.trim() || option.values.some((value) => value.trim()));

export type ProductRequest = ReturnType<typeof requestOf>;

/**
 * Messages by dotted field path, the same way the server names them: the server's in the staff
 * member's language, the browser's a catalogue key or a shared rule's sentence (`useMessage`).
 */
export type FieldErrors = Record<string, string>;

/** What the browser checks before sending, by the request's paths, as the server would name them. */
function draftErrors(draft: ProductDraft, body: ProductRequest): FieldErrors {
  const local: FieldErrors = {};
  body.items.forEach((item, index) => {
    if (Number.isNaN(item.priceOre)) local[`items.${index}.priceOre`] = 'products.form.price';
  });
  if (!draft.categoryId) local.categoryId = 'products.form.category';
  const checked = productSaveRequestSchema.safeParse(body);
  if (!checked.success)
    for (const issue of checked.error.issues) local[issue.path.join('.')] ??= issue.message;
  return local;
}

/**
 * The editor's form: the draft in, the request out, refused with the messages of `draftErrors`.
 * Each message's path is the request's (`items.0.priceOre`), as the server's refusals name them.
 */
export const productForm = (version: number | undefined) =>
  z.custom<ProductDraft>().transform((draft, context) => {
    const body = requestOf(draft, version);
    for (const [path, message] of Object.entries(draftErrors(draft, body)))
      context.addIssue({ code: 'custom', path: [path], message });
    return body;
  });
