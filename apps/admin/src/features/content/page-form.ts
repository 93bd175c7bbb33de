import { staticPageMessages, staticPageUpdateSchema } from '@shop/shared';
import { z } from 'zod';

/**
 * The page editor's fields, checked with the server's own rules; the editor answers '' for an
 * empty text, which is refused here already with the server's words. The English may be empty:
 * English pages then show the bokmål (issue 31.5).
 */
export const pageForm = z.object({
  title: staticPageUpdateSchema.shape.title,
  html: staticPageUpdateSchema.shape.html.refine((html) => html.trim() !== '', {
    error: staticPageMessages.empty,
  }),
  titleEn: staticPageUpdateSchema.shape.titleEn.unwrap(),
  htmlEn: staticPageUpdateSchema.shape.htmlEn.unwrap(),
});
export type PageFormInput = z.input<typeof pageForm>;
export type PageFormOutput = z.output<typeof pageForm>;
