import path from 'node:path';

/**
 * Files the server reads at run time. This module sits directly in `src/`, and the build bundles
 * it into `dist/server.js`, one level under the package too; the build copies each folder to the
 * same place under `dist/`. So the same relative paths hold under tsx and in the compiled server.
 */
const here = import.meta.dirname;

export const runtimeFiles = {
  migrations: path.join(here, 'db', 'migrations'),
  paymentWidget: path.join(here, 'modules', 'payments', 'widget'),
  /** The cleaning page's photos, drawn by the build (absent under tsx: the demo seed draws them). */
  cleaningPhotos: path.join(here, 'uploads', 'cleaning'),
  storefront: path.resolve(here, '..', '..', 'web', 'dist'),
  backOffice: path.resolve(here, '..', '..', 'admin', 'dist'),
};
