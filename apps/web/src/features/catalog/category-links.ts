import type { Category, SubCategory, SubCategory2 } from '@shop/shared';

/** What a menu entry passes to /category/{slug} (GLOB-13). */
export interface CategoryNavigationState {
  id: string;
  sub?: { _id: string; name: string };
  sub2?: { _id: string; name: string };
}

export interface CategoryLink {
  to: string;
  state: CategoryNavigationState;
}

const ref = ({ _id, name }: { _id: string; name: string }) => ({ _id, name });

export function categoryLink(
  category: Category,
  sub?: SubCategory,
  sub2?: SubCategory2,
): CategoryLink {
  const slug = (sub2 ?? sub ?? category).slug;
  return {
    to: `/category/${encodeURIComponent(slug)}`,
    state: {
      id: category._id,
      ...(sub ? { sub: ref(sub) } : {}),
      ...(sub2 ? { sub2: ref(sub2) } : {}),
    },
  };
}

export function isCategoryNavigationState(value: unknown): value is CategoryNavigationState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CategoryNavigationState).id === 'string'
  );
}

export interface ResolvedCategory {
  category: Category;
  sub?: SubCategory;
  sub2?: SubCategory2;
}

/**
 * The category a listing shows: from navigation state when the shopper came through a link,
 * else by the slug at any level of the tree (typed URL or reload, CAT-05).
 */
export function resolveCategory(
  categories: Category[],
  slug: string,
  state: CategoryNavigationState | undefined,
): ResolvedCategory | undefined {
  if (state) {
    const category = categories.find((candidate) => candidate._id === state.id);
    if (category) {
      const sub = category.subCategory.find((candidate) => candidate._id === state.sub?._id);
      const sub2 = state.sub2
        ? category.subCategory
            .flatMap((candidate) => candidate.subCategory2)
            .find((candidate) => candidate._id === state.sub2?._id)
        : undefined;
      const parentOfSub2 = sub2
        ? category.subCategory.find((candidate) => candidate.subCategory2.includes(sub2))
        : undefined;
      return { category, sub: sub ?? parentOfSub2, sub2 };
    }
  }
  for (const category of categories) {
    if (category.slug === slug) return { category };
    for (const sub of category.subCategory) {
      if (sub.slug === slug) return { category, sub };
      const sub2 = sub.subCategory2.find((candidate) => candidate.slug === slug);
      if (sub2) return { category, sub, sub2 };
    }
  }
  return undefined;
}
