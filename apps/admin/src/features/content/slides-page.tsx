import { adminSlidesSchema } from '@shop/shared';
import { useApi } from '../../lib/use-api.js';
import { ContentList } from './content-list.js';

/** The home page's carousel: slides with their image, alt text, link and schedule. */
export default function SlidesPage() {
  const slides = useApi('/api/admin/slides', adminSlidesSchema);
  return <ContentList kind="slide" loaded={slides} items={slides.data?.slides} />;
}
