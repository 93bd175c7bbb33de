/** The uploads module's public face: the only file other modules and app.ts import. */
export {
  createFileStorage,
  type FileStorage,
  LocalDiskStorage,
  readStoredFile,
} from './storage.js';
export { serveUploadedFiles } from './uploaded-files.routes.js';
export { multipartLimits } from './uploads.routes.js';
export {
  areOwnUploads,
  type DecodedPixels,
  encodeImageSizes,
  isUploadedCatalogueImage,
} from './uploads.service.js';
export { uploadsModule } from './uploads.module.js';
