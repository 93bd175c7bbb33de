import {
  adminCategoriesSchema,
  adminProductSchema,
  type AdminProduct,
  type AdminSession,
  type ProductDetail,
  type ProductSaveRequest,
} from '@shop/shared';
import { product as storefrontProduct } from './catalogue.js';
import { ownerSession } from './staff.js';
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

/**
 * A one-item product of the journey's own, named `what` and a time stamp, as shoppers read it.
 * The demo catalogue's scarce products are bought by other journeys while one runs, so a journey
 * that counts up to an item's stock or order limit, or sells it out, makes its own.
 */
export async function journeyProduct(
  request: APIRequestContext,
  what: string,
  { stock, orderLimit }: { stock: number; orderLimit: number },
): Promise<ProductDetail> {
  const suffix = Date.now().toString(36);
  const name = `${what} ${suffix}`;
  // Named by `what` too: two workers may make one in the same millisecond.
  const sku = name.replaceAll(' ', '-').toUpperCase();
  const { slug } = await createProductThroughApi(request, await ownerSession(request), {
    name,
    items: [{ sku, priceOre: 14_900, stock, orderLimit }],
  });
  return storefrontProduct(request, slug);
}
