import {
  adminCategoriesSchema,
  adminProductSchema,
  type AdminProduct,
  type AdminSession,
  type ProductSaveRequest,
} from '@shop/shared';
import { expect, type APIRequestContext } from './test.js';

/**
 * A product of the journey's own, made through the back office's API as the editor saves one:
 * published, 25 % VAT, in the first category shoppers see, unless `product` says otherwise. A
 * journey that changes a product works on one of these, so no other journey's product moves.
 */
export async function createProductThroughApi(
  request: APIRequestContext,
  session: AdminSession,
  product: Omit<ProductSaveRequest, 'categoryId' | 'vatPercent'> &
    Partial<Pick<ProductSaveRequest, 'categoryId' | 'vatPercent'>>,
): Promise<AdminProduct> {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const { categories } = adminCategoriesSchema.parse(
    await (await request.get('/api/admin/categories', { headers })).json(),
  );
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      categoryId: categories.find((category) => !category.hidden)?.id,
      vatPercent: 25,
      status: 'published',
      ...product,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return adminProductSchema.parse(await created.json());
}
