import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesResponseSchema,
  categoryListingBodySchema,
  categoryListingParamsSchema,
  categoryListingQuerySchema,
  categoryListingResponseSchema,
  errorResponseSchema,
  optionSelectionSchema,
  productCardsSchema,
  productDetailSchema,
  productListResponseSchema,
  productOffersResponseSchema,
  productSlugParamsSchema,
  searchQuerySchema,
} from '@shop/shared';
import {
  CATEGORY_PAGE_SIZE,
  HOME_LIST_SIZE,
  getProductBySlug,
  listCategoryProducts,
  listCategoryTree,
  listFeaturedProducts,
  listNewProducts,
} from './catalog.service.js';
import { SEARCH_RESULT_LIMIT, searchProducts } from './catalog.search.js';
import {
  categoryListingToWire,
  productCardsToWire,
  productDetailToWire,
  productOfferToWire,
} from './catalog.wire.js';
import { listProductOffers } from './product-offers.service.js';
import type { SearchIndex } from './search-index.js';

const tags = ['Catalogue'];

/*
 * The category listing and the search are written with JSON.stringify, not checked against
 * their response schemas first: the check took three times the writing (a search of 60 cards
 * 118 µs against 42), and for the 18,000 cards old clients ask of a category at once far more.
 * Their cards are built by productCardToWire alone, typed as the schemas' type and in its key
 * order, and the tests check each answer against its schema, byte for byte.
 */
export const catalogRoutes: FastifyPluginAsync<{ searchIndex: SearchIndex }> = async (
  instance,
  { searchIndex },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/categories/web',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The category menu, three levels deep',
        description: 'Every level is ordered by position; every array is present, possibly empty.',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (request) => app.readCatalogue((db) => listCategoryTree(db, request.locale)),
  );

  app.get(
    '/products/website',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Search products by keyword',
        description:
          `Full-text search over names and keywords plus typo-tolerant name matching, best ` +
          `matches first. At most ${SEARCH_RESULT_LIMIT} products are returned; an empty keyword ` +
          `returns the ${SEARCH_RESULT_LIMIT} newest.`,
        querystring: searchQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const cards = await app.readCatalogue((db) =>
        searchProducts(db, request.query.keyword, request.locale, searchIndex),
      );
      reply.serializer(JSON.stringify);
      return { products: productCardsToWire(cards) };
    },
  );

  app.get(
    '/products/featured',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Best-selling products',
        description:
          `${HOME_LIST_SIZE} products: those staff pinned (on sale, in their order), then the ` +
          'best-selling others, most sold first.',
        response: { 200: productCardsSchema },
      },
    },
    async (request) =>
      productCardsToWire(await app.readCatalogue((db) => listFeaturedProducts(db, request.locale))),
  );

  app.get(
    '/products/new',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Newest products',
        description: `The ${HOME_LIST_SIZE} newest products, newest first.`,
        response: { 200: productCardsSchema },
      },
    },
    async (request) =>
      productCardsToWire(await app.readCatalogue((db) => listNewProducts(db, request.locale))),
  );

  app.get(
    '/products/:slug/slug',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'A product page by slug',
        description:
          'One query parameter per option name selects the purchasable item, e.g. ' +
          '`?Color=Red&Size=XL`; without query the default item is shown. `gallery` is that ' +
          "item's own pictures when it has some, else the product's. Image paths are relative " +
          'to `/uploads`. 400 for an option ' +
          'the product does not have, 404 for an unknown slug or a combination that does not exist.',
        params: productSlugParamsSchema,
        querystring: optionSelectionSchema,
        response: { 200: productDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      productDetailToWire(
        await app.readCatalogue((db) =>
          getProductBySlug(db, request.params.slug, request.query, request.locale),
        ),
      ),
  );

  app.get(
    '/products/:slug/offers',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Every item of a product that can be bought (ours)',
        description:
          'Each item with its SKU, option values in the asked language, selling price (NOK, VAT ' +
          'included) and stock, ' +
          'the default item first: the offers the product page describes to search engines. ' +
          '404 for an unknown slug.',
        params: productSlugParamsSchema,
        response: { 200: productOffersResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      offers: (
        await app.readCatalogue((db) => listProductOffers(db, request.params.slug, request.locale))
      ).map(productOfferToWire),
    }),
  );

  app.post(
    '/products/category/:id',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The products of a category, filtered and sorted',
        description:
          'The id may be a category, sub-category or second-level sub-category. `min` and ' +
          '`max` (NOK, inclusive) of 0 mean no bound. Without `page` and `limit` every match ' +
          `is returned; with them one page (${CATEGORY_PAGE_SIZE} when only \`page\` is given). ` +
          '`count` is always the number of all matches.',
        params: categoryListingParamsSchema,
        querystring: categoryListingQuerySchema,
        body: categoryListingBodySchema,
        response: {
          200: categoryListingResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const listing = await app.readCatalogue((db) =>
        listCategoryProducts(db, request.params.id, request.body, request.query, request.locale),
      );
      reply.serializer(JSON.stringify);
      return categoryListingToWire(listing);
    },
  );
};
