import type { CleaningServiceTile } from '@shop/shared';

export const galleryPhotos = Array.from({ length: 6 }, (_, index) => ({
  image: `/cleaning/cleaning-${index + 1}.webp`,
  alt: `Cleaning work ${index + 1}`,
}));

/** The twelve tiles a new shop starts with (CLEAN-03), as `GET /api/cleaning/services` answers. */
export const serviceTiles: CleaningServiceTile[] = (
  [
    ['House Cleaning', 'house'],
    ['Moving-related Cleaning', 'box'],
    ['Deepclean', 'sparkle'],
    ['Office Cleaning', 'office'],
    ['WareHouse Cleaning', 'warehouse'],
    ['School/College Cleaning', 'school'],
    ['Window Cleaning', 'window'],
    ['Floor Treatment', 'floor'],
    ['Daily Cleaing', 'calendar'],
    ['Main Cleaning', 'broom'],
    ['Hygene Cleaning', 'shield'],
    ['Hospitality Cleaning', 'bed'],
  ] as const
).map(([name, icon]) => ({ name, description: `What ${name} covers.`, icon }));
