import { staticPageMessages, staticPageUpdateSchema } from '@shop/shared';
import { z } from 'zod';

/**
 * The page editor's fields, checked with the server's own rules; the editor answers '' for an
 * empty text, which is refused here already with the server's words.
 */
export const pageForm = z.object({
  title: staticPageUpdateSchema.shape.title,
  html: staticPageUpdateSchema.shape.html.refine((html) => html.trim() !== '', {
    error: staticPageMessages.empty,
  }),
});
export type PageFormInput = z.input<typeof pageForm>;
export type PageFormOutput = z.output<typeof pageForm>;
