// The feature's public face (issue 30): other features import only this file; app/ routes to its
// pages. Plain re-exports only, so the bundler can leave out what an importer does not use.
export { StarRating } from './star-rating.js';
