/**
 * Where a stored image is served. Every upload has its full image (the lightbox) and a small
 * thumbnail (lists and grids); both answer only to those who may see what the image belongs to
 * (docs/decisions/0024).
 */
export const imageUrl = (filename: string) => `/uploads/${filename}`;
export const thumbnailUrl = (filename: string) => `/uploads/thumbs/${filename}`;
