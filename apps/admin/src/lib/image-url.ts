/** Where an uploaded image's path (`/products/x.webp`) is served. */
export const imageUrl = (path: string) => `/uploads${path.startsWith('/') ? path : `/${path}`}`;
