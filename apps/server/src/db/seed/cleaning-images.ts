import sharp, { type OverlayOptions } from 'sharp';
import {
  embedIcon,
  gradient,
  hsl,
  renderImages,
  type DrawProgress,
  type ImageJob,
  type RenderReport,
} from './images.js';
import { cleaningGallery } from '../../modules/enquiries/index.js';
import type { FileStorage } from '../../modules/uploads/index.js';
import { required } from './required.js';

/**
 * The cleaning page's six-photo gallery (CLEAN-04), drawn like the catalogue's pictures: Fluent
 * Emoji scenes on soft backgrounds. `npm run build` draws them beside the compiled server; the
 * demo seed draws them straight under DATA_DIR/uploads/cleaning.
 */

const WIDTH = 800;
const HEIGHT = 600;

interface Prop {
  icon: string;
  /** Top-left corner and size as shares of the picture's height. */
  x: number;
  y: number;
  size: number;
  rotate?: number;
}

/** One photo of the gallery, in the gallery's order. */
interface Scene {
  hue: number;
  props: Prop[];
}

/** The biggest prop comes first and stands on the floor; the others are drawn over it. */
const scenes: Scene[] = [
  {
    hue: 200,
    props: [
      { icon: 'house-with-garden', x: 0.32, y: 0.14, size: 0.66 },
      { icon: 'broom', x: 0.04, y: 0.34, size: 0.44, rotate: -14 },
      { icon: 'bucket', x: 0.94, y: 0.5, size: 0.32 },
      { icon: 'sparkles', x: 0.98, y: 0.1, size: 0.2 },
    ],
  },
  {
    hue: 220,
    props: [
      { icon: 'office-building', x: 0.36, y: 0.08, size: 0.72 },
      { icon: 'wastebasket', x: 0.08, y: 0.52, size: 0.3 },
      { icon: 'lotion-bottle', x: 0.98, y: 0.46, size: 0.34, rotate: 10 },
      { icon: 'sparkles', x: 0.14, y: 0.12, size: 0.2 },
    ],
  },
  {
    hue: 185,
    props: [
      { icon: 'window', x: 0.36, y: 0.1, size: 0.66 },
      { icon: 'sponge', x: 0.86, y: 0.44, size: 0.34, rotate: -18 },
      { icon: 'bubbles', x: 0.1, y: 0.2, size: 0.3 },
      { icon: 'bubbles', x: 1.02, y: 0.1, size: 0.2 },
    ],
  },
  {
    hue: 165,
    props: [
      { icon: 'bathtub', x: 0.34, y: 0.16, size: 0.66 },
      { icon: 'soap', x: 0.08, y: 0.56, size: 0.26, rotate: -10 },
      { icon: 'gloves', x: 0.98, y: 0.48, size: 0.32, rotate: 12 },
      { icon: 'bubbles', x: 0.2, y: 0.1, size: 0.24 },
    ],
  },
  {
    hue: 35,
    props: [
      { icon: 'couch-and-lamp', x: 0.3, y: 0.12, size: 0.7 },
      { icon: 'bucket', x: 0.06, y: 0.52, size: 0.3 },
      { icon: 'broom', x: 0.84, y: 0.3, size: 0.46, rotate: 14 },
      { icon: 'sparkles', x: 0.12, y: 0.12, size: 0.2 },
    ],
  },
  {
    hue: 280,
    props: [
      { icon: 'hotel', x: 0.34, y: 0.08, size: 0.7 },
      { icon: 'bed', x: 0.06, y: 0.5, size: 0.36 },
      { icon: 'soap', x: 1.0, y: 0.54, size: 0.26, rotate: 8 },
      { icon: 'sparkles', x: 1.02, y: 0.12, size: 0.2 },
    ],
  },
];

function backgroundSvg(hue: number): string {
  const w = WIDTH;
  const h = HEIGHT;
  const floor = h * 0.8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${gradient('wall', hsl(hue, 60, 95), hsl(hue + 20, 50, 82), 'vertical')}` +
    `${gradient('floor', hsl(hue + 30, 30, 80), hsl(hue + 30, 28, 68), 'vertical')}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
    `<circle cx="${w * 0.86}" cy="${h * 0.12}" r="${h * 0.2}" fill="#fff" opacity="0.45"/>` +
    `<circle cx="${w / 2}" cy="${h * 0.46}" r="${h * 0.4}" fill="#fff" opacity="0.35"/>` +
    `<rect y="${floor}" width="${w}" height="${h - floor}" fill="url(#floor)"/>` +
    `<ellipse cx="${w / 2}" cy="${floor + h * 0.02}" rx="${w * 0.3}" ry="${h * 0.03}" fill="#000" opacity="0.1"/>` +
    `</svg>`
  );
}

/**
 * One prop as a bitmap of its own size. Drawn alone rather than inside the scene's SVG: the
 * emoji's blur filters then cover only the prop, which makes a scene several times cheaper.
 */
async function propLayer({ icon, x, y, size, rotate }: Prop): Promise<OverlayOptions> {
  const side = Math.round(size * HEIGHT);
  let png = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">` +
        `${embedIcon(icon, { x: 0, y: 0, size: side })}</svg>`,
    ),
  )
    .png()
    .toBuffer();
  if (rotate)
    png = await sharp(png)
      .rotate(rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const { width = side, height = side } = await sharp(png).metadata();
  // Rotation grows the bitmap around the same centre; the prop stays inside the picture.
  const centreX = (x + size / 2) * HEIGHT;
  const centreY = (y + size / 2) * HEIGHT;
  return {
    input: png,
    left: Math.round(Math.min(Math.max(0, centreX - width / 2), WIDTH - width)),
    top: Math.round(Math.min(Math.max(0, centreY - height / 2), HEIGHT - height)),
  };
}

const jobs: ImageJob[] = scenes.map((scene, index) => ({
  path: required(cleaningGallery[index], 'a gallery photo').path,
  draw: async () =>
    sharp(Buffer.from(backgroundSvg(scene.hue))).composite(
      await Promise.all(scene.props.map(propLayer)),
    ),
}));

/**
 * Draws the gallery's photos that are missing from `storage` (under cleaning/); when all six
 * exist it only checks for them.
 */
export function ensureCleaningImages(
  storage: FileStorage,
  onProgress?: DrawProgress,
): Promise<RenderReport> {
  return renderImages(storage, jobs, onProgress);
}
