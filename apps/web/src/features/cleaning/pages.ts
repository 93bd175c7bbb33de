import { lazyPage } from '../../lib/server-page.js';

// The page is its own chunk, loaded when its route is first shown: the first load stays small.
// The server renders it too: people arrive on it from outside (lazyPage).

export const CleaningPage = lazyPage(() => import('./cleaning-page.js'));
