import { useSlides } from './api.js';
import { ContentList } from './content-list.js';

/** The home page's carousel: slides with their image, alt text, link and schedule. */
export default function SlidesPage() {
  const slides = useSlides();
  return <ContentList kind="slide" loaded={slides} items={slides.data?.slides} />;
}
