export const galleryPhotos = Array.from({ length: 6 }, (_, index) => ({
  image: `/cleaning/cleaning-${index + 1}.webp`,
  alt: `Cleaning work ${index + 1}`,
}));
