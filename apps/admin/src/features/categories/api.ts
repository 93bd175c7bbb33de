import { z } from 'zod';
import { categoriesKey } from '../../lib/api.js';
import { api } from '../../lib/api-client.js';
import { useApiMutation } from '../../lib/api-query.js';

// The tree itself is read with `useCategories` (lib/api.ts), which the category choices of
// other pages share: every change here reloads it, and them.

const categories = '/api/admin/categories';

export const useCreateCategory = () =>
  useApiMutation(
    (body: { name: string; nameEn: string; parentId: string | null }) =>
      api(categories, z.object({ id: z.string() }).loose(), { method: 'POST', body }),
    [categoriesKey],
  );

/** Saves the fields that changed, then moves the category when its parent changed. */
export const useSaveCategory = () =>
  useApiMutation(
    async ({
      categoryId,
      changes,
      parentId,
    }: {
      categoryId: string;
      changes: Record<string, unknown>;
      /** The new parent (null: top level), or undefined to leave it where it is. */
      parentId: string | null | undefined;
    }) => {
      if (Object.keys(changes).length > 0)
        await api(`${categories}/${categoryId}`, z.unknown(), { method: 'PATCH', body: changes });
      if (parentId !== undefined)
        await api(`${categories}/${categoryId}/move`, z.unknown(), {
          method: 'POST',
          body: { parentId },
        });
    },
    [categoriesKey],
  );

/** Puts siblings in this order; a refusal reloads too, so the tree shows the order kept. */
export const useReorderCategories = () =>
  useApiMutation(
    (body: { parentId: string | null; ids: string[] }) =>
      api(`${categories}/order`, z.unknown(), { method: 'PUT', body }),
    [categoriesKey],
    { alsoWhenRefused: true },
  );

export const useDeleteCategory = () =>
  useApiMutation(
    (categoryId: string) => api(`${categories}/${categoryId}`, z.unknown(), { method: 'DELETE' }),
    [categoriesKey],
  );
