import { z } from 'zod';

// Not in `image-sizes.ts`, whose paths the storefront's first load reads: a schema built as its
// module loads keeps the whole of zod in every bundle that imports the module.

/**
 * The folders the back office uploads to: product, item and category pictures, slides, banners
 * and the cleaning page's gallery.
 */
export const adminUploadFolders = [
  'products',
  'categories',
  'carousel',
  'campaigns',
  'cleaning-gallery',
] as const;
export type AdminUploadFolder = (typeof adminUploadFolders)[number];

export const adminImageUploadQuerySchema = z.object({
  folder: z
    .enum(adminUploadFolders, { error: `folder must be one of ${adminUploadFolders.join(', ')}` })
    .default('products'),
});
