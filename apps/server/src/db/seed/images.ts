import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp, type WebpOptions } from 'sharp';
import {
  catalogueImagePath,
  imageSizesOf,
  sizedImageFolders,
  type StoredImage,
} from '@shop/shared';
import {
  type FileStorage,
  readStoredFile,
  type DecodedPixels,
  encodeImageSizes,
} from '../../modules/uploads/index.js';
import { required } from './required.js';

/**
 * Seed images are drawn at seed time from Fluent Emoji illustrations on soft gradients, so the
 * demo shop shows real, distinct pictures without shipping binary files in the repository.
 * Every image is a job: an image path and a function that draws it; files already in the uploads
 * store (local disk or the bucket) are kept, which makes a re-seed nearly free. A catalogue picture is named after its
 * width and written with its sizes below it, as an upload is.
 */
export interface ImageJob {
  /**
   * Image path relative to the uploads location (`/products/x_800w.webp`), as image fields hold
   * it; `draw` draws a picture as wide as it says.
   */
  path: string;
  draw: () => Promise<Sharp>;
}

export interface RenderReport {
  rendered: number;
  skipped: number;
  /** Pictures that were stored without some of their sizes, which were written. */
  resized: number;
  milliseconds: number;
}

const SEED_WEBP: WebpOptions = { quality: 80, effort: 2 };

/** Told how many of the missing pictures are drawn: first with 0, then after each one. */
export type DrawProgress = (drawn: number, missing: number) => void;

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  hFlip?: boolean;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
}

const HERO_SIZE = 800;
/** Illustrations are drawn once at this size and scaled for each picture. */
const ICON_SIZE = 640;
const CATEGORY_SIZE = 480;
const CAROUSEL_WIDTH = 1600;
const CAROUSEL_HEIGHT = 600;
const CAMPAIGN_WIDTH = 1200;
const CAMPAIGN_HEIGHT = 400;
const FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";

let iconSet: IconifySet | undefined;

/** The set is a 100 MB JSON file, so it is read only when an image actually has to be drawn. */
async function loadIconSet(): Promise<IconifySet> {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji/icons.json');
    iconSet = JSON.parse(await fs.readFile(file, 'utf8')) as IconifySet;
  }
  return iconSet;
}

function resolveIcon(set: IconifySet, name: string): IconifyIcon {
  const icon = set.icons[name];
  if (icon) return icon;
  const alias = set.aliases?.[name];
  const parent = alias && set.icons[alias.parent];
  if (parent) return { ...parent, hFlip: alias.hFlip };
  throw new Error(`Unknown fluent-emoji icon "${name}"`);
}

let embedCounter = 0;

/**
 * An icon as a nested <svg> placed in a box. Its gradient and filter ids get a unique prefix so
 * that two icons in one picture cannot take each other's paint.
 */
export function embedIcon(
  name: string,
  box: { x: number; y: number; size: number; rotate?: number },
): string {
  if (!iconSet) throw new Error('The icon set must be loaded before drawing');
  const icon = resolveIcon(iconSet, name);
  const width = icon.width ?? iconSet.width ?? 32;
  const height = icon.height ?? iconSet.height ?? 32;
  const prefix = `e${(embedCounter += 1)}-`;
  let body = icon.body
    .replace(/id="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  if (icon.hFlip) body = `<g transform="translate(${width} 0) scale(-1 1)">${body}</g>`;
  const centre = `${box.x + box.size / 2} ${box.y + box.size / 2}`;
  const nested = `<svg x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  const transform = box.rotate ? ` transform="rotate(${box.rotate} ${centre})"` : '';
  return `<g${transform}>${nested}</g>`;
}

export function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${((hue % 360) + 360) % 360}, ${saturation}%, ${lightness}%)`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function gradient(
  id: string,
  from: string,
  to: string,
  angle: 'diagonal' | 'vertical',
): string {
  const end = angle === 'diagonal' ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function luminance(hex: string): number {
  const channel = (index: number) => parseInt(hex.slice(index, index + 2), 16) / 255;
  return Math.min(0.55, 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5));
}

function svgImage(svg: string): Sharp {
  return sharp(Buffer.from(svg));
}

/** Uncompressed pixels with their size, passed between pipelines where a PNG would be encoded. */
interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

const rawOf = ({ info }: Pixels) => ({
  width: info.width,
  height: info.height,
  channels: info.channels,
});

/**
 * An illustration alone, drawn once per seed and reused by every picture that shows it. Kept as
 * pixels: encoding and decoding a PNG for each picture cost a fifth of its drawing (issue 33.6).
 */
const iconCache = new Map<string, Promise<Pixels>>();

function iconPixels(icon: string): Promise<Pixels> {
  const cached = iconCache.get(icon);
  if (cached) return cached;
  const size = ICON_SIZE;
  const pixels = svgImage(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${embedIcon(icon, { x: 0, y: 0, size })}</svg>`,
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  iconCache.set(icon, pixels);
  return pixels;
}

interface Look {
  background: (hue: number, s: number) => string;
  /** Share of the picture the illustration covers, and its tilt in degrees. */
  scale: number;
  rotate: number;
  /** Centre of the illustration as shares of the picture. */
  x: number;
  y: number;
}

/**
 * The four looks of a product picture: the hero and three gallery shots that differ in
 * background, angle and zoom, so that a gallery never shows the same picture twice.
 */
const looks: Look[] = [
  {
    background: (hue, s) =>
      `<defs>${gradient('bg', hsl(hue, 70, 95), hsl(hue + 20, 60, 84), 'diagonal')}</defs>` +
      `<rect width="${s}" height="${s}" fill="url(#bg)"/>` +
      `<circle cx="${s / 2}" cy="${s * 0.5}" r="${s * 0.36}" fill="#fff" opacity="0.45"/>` +
      `<ellipse cx="${s / 2}" cy="${s * 0.8}" rx="${s * 0.2}" ry="${s * 0.03}" fill="#000" opacity="0.08"/>` +
      `<circle cx="${s * 0.84}" cy="${s * 0.16}" r="${s * 0.09}" fill="${hsl(hue + 40, 70, 88)}" opacity="0.7"/>`,
    scale: 0.6,
    rotate: 0,
    x: 0.5,
    y: 0.5,
  },
  {
    background: (hue, s) =>
      `<defs>${gradient('bg', hsl(hue + 35, 55, 90), hsl(hue - 10, 55, 76), 'vertical')}</defs>` +
      `<rect width="${s}" height="${s}" fill="url(#bg)"/>` +
      `<path d="M0 ${s * 0.7} Q ${s * 0.5} ${s * 0.55} ${s} ${s * 0.72} L ${s} ${s} L 0 ${s} Z" fill="#fff" opacity="0.35"/>`,
    scale: 0.8,
    rotate: -12,
    x: 0.5,
    y: 0.5,
  },
  {
    background: (hue, s) =>
      `<defs>${gradient('bg', hsl(hue, 25, 97), hsl(hue, 30, 90), 'diagonal')}</defs>` +
      `<rect width="${s}" height="${s}" fill="url(#bg)"/>` +
      `<ellipse cx="${s / 2}" cy="${s * 0.72}" rx="${s * 0.2}" ry="${s * 0.035}" fill="#000" opacity="0.08"/>` +
      `<rect x="${s * 0.08}" y="${s * 0.08}" width="${s * 0.84}" height="${s * 0.84}" rx="${s * 0.06}" fill="none" stroke="${hsl(hue, 40, 80)}" stroke-width="6"/>`,
    scale: 0.44,
    rotate: 0,
    x: 0.5,
    y: 0.46,
  },
  {
    background: (hue, s) =>
      `<defs>${gradient('bg', hsl(hue + 200, 30, 30), hsl(hue + 180, 35, 18), 'diagonal')}</defs>` +
      `<rect width="${s}" height="${s}" fill="url(#bg)"/>` +
      `<circle cx="${s * 0.54}" cy="${s * 0.5}" r="${s * 0.34}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="28"/>` +
      `<circle cx="${s * 0.54}" cy="${s * 0.5}" r="${s * 0.2}" fill="#fff" opacity="0.08"/>`,
    scale: 0.64,
    rotate: 10,
    x: 0.54,
    y: 0.5,
  },
];

/**
 * Places the illustration on a look's background. Only the background is drawn as SVG; the
 * illustration is scaled, tilted and, for a colour, tinted as a bitmap, which is many times
 * cheaper than drawing the detailed emoji again for every picture.
 */
async function productPicture(
  icon: string,
  hue: number,
  lookIndex: number,
  tint?: string,
): Promise<Sharp> {
  const s = HERO_SIZE;
  const look = required(looks[lookIndex % looks.length], 'a look');
  const size = Math.round(s * look.scale);
  const drawn = await iconPixels(icon);
  let illustration = sharp(drawn.data, { raw: rawOf(drawn) }).resize(size, size);
  // A tint keeps the lightness of the illustration; dark colours also need it darkened.
  if (tint) illustration = illustration.tint(tint).modulate({ brightness: 0.45 + luminance(tint) });
  if (look.rotate) {
    // Rotation runs after resizing in a separate pipeline so the tilt keeps the scaled size. It
    // takes a PNG, not raw pixels, which it would fringe at the edges; an uncompressed one.
    const png = await illustration.png({ compressionLevel: 0 }).toBuffer();
    illustration = sharp(png).rotate(look.rotate, {
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  }
  const placed = await illustration.raw().toBuffer({ resolveWithObject: true });
  return svgImage(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">${look.background(hue, s)}</svg>`,
  ).composite([
    {
      input: placed.data,
      raw: rawOf(placed),
      left: Math.max(0, Math.round(s * look.x - placed.info.width / 2)),
      top: Math.max(0, Math.round(s * look.y - placed.info.height / 2)),
    },
  ]);
}

/** Named colours of the seed catalogue, as drawn on item pictures. */
export const swatches: Record<string, string> = {
  Black: '#2e2e33',
  White: '#f4f4f0',
  Red: '#c8312c',
  Blue: '#2f5fb3',
  Navy: '#23325c',
  Green: '#3d8a4a',
  Olive: '#6b7436',
  Yellow: '#e9c232',
  Mustard: '#c99a22',
  Beige: '#d9c4a0',
  Grey: '#8a8d93',
  Pink: '#e58fb0',
  Maroon: '#7a2034',
  Indigo: '#3b3f8f',
  Saffron: '#f09a1a',
  Teal: '#1f8a8a',
  Natural: '#e8dcc4',
  Brown: '#7a5234',
};

export interface ProductPictures {
  heroImage: string;
  gallery: string[];
  /** The gallery of each colour value's items (its first picture their hero image). */
  colourGalleries: Record<string, string[]>;
  jobs: ImageJob[];
}

/** How many pictures an item of one colour has: the product in that colour, twice. */
const COLOUR_LOOKS = [0, 2];

/**
 * The hero, 1 to 3 further gallery shots, and a gallery of its own for each colour of a product,
 * so that choosing a colour shows the product in it.
 */
export function productPictures(
  slug: string,
  icon: string,
  hue: number,
  galleryCount: number,
  colours: string[] = [],
): ProductPictures {
  const jobs: ImageJob[] = [];
  const gallery: string[] = [];
  for (let look = 0; look < galleryCount; look += 1) {
    const file = catalogueImagePath(
      'products',
      `${slug}${look === 0 ? '' : `-${look + 1}`}`,
      HERO_SIZE,
    );
    jobs.push({ path: file, draw: () => productPicture(icon, hue, look) });
    gallery.push(file);
  }
  const colourGalleries: Record<string, string[]> = {};
  for (const colour of colours) {
    const swatch = swatches[colour];
    if (!swatch) continue;
    colourGalleries[colour] = COLOUR_LOOKS.map((look, index) => {
      const file = catalogueImagePath(
        'products',
        `${slug}-${colour.toLowerCase()}${index === 0 ? '' : `-${index + 1}`}`,
        HERO_SIZE,
      );
      jobs.push({ path: file, draw: () => productPicture(icon, hue, look, swatch) });
      return file;
    });
  }
  return {
    heroImage: required(gallery[0], `pictures of ${slug}`),
    gallery,
    colourGalleries,
    jobs,
  };
}

export function categoryPicture(slug: string, icon: string, hue: number): ImageJob {
  const s = CATEGORY_SIZE;
  return {
    path: catalogueImagePath('categories', slug, CATEGORY_SIZE),
    draw: async () =>
      svgImage(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
          `<defs>${gradient('bg', hsl(hue, 65, 92), hsl(hue + 25, 55, 78), 'diagonal')}</defs>` +
          `<rect width="${s}" height="${s}" fill="url(#bg)"/>` +
          `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.38}" fill="#fff" opacity="0.5"/>` +
          embedIcon(icon, { x: s * 0.22, y: s * 0.22, size: s * 0.56 }) +
          `</svg>`,
      ),
  };
}

export interface BannerSpec {
  slug: string;
  title: string;
  subtitle: string;
  icons: string[];
  hue: number;
}

function bannerSvg(spec: BannerSpec, width: number, height: number): string {
  // Bold DejaVu Sans is about 0.62 em wide per character; the title keeps to the left half.
  const titleSize = Math.round(Math.min(height * 0.13, (width * 0.5) / (spec.title.length * 0.62)));
  const subtitleSize = Math.round(height * 0.055);
  const iconSize = height * 0.5;
  const icons = spec.icons
    .map((icon, index) =>
      embedIcon(icon, {
        x: width * 0.6 + index * iconSize * 0.7,
        y: height * (index % 2 === 0 ? 0.2 : 0.32),
        size: iconSize,
        rotate: index % 2 === 0 ? -8 : 8,
      }),
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${gradient('bg', hsl(spec.hue, 60, 88), hsl(spec.hue + 30, 55, 70), 'diagonal')}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.62}" fill="#fff" opacity="0.3"/>` +
    `<circle cx="${width * 0.06}" cy="${height * 0.95}" r="${height * 0.3}" fill="#fff" opacity="0.18"/>` +
    `<text x="${width * 0.07}" y="${height * 0.46}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="${hsl(spec.hue + 200, 45, 18)}">${escapeXml(spec.title)}</text>` +
    `<text x="${width * 0.07}" y="${height * 0.46 + subtitleSize * 2}" font-family="${FONT}" font-size="${subtitleSize}" fill="${hsl(spec.hue + 200, 30, 25)}">${escapeXml(spec.subtitle)}</text>` +
    icons +
    `</svg>`
  );
}

export function carouselPicture(spec: BannerSpec): ImageJob {
  return {
    path: catalogueImagePath('carousel', spec.slug, CAROUSEL_WIDTH),
    draw: async () => svgImage(bannerSvg(spec, CAROUSEL_WIDTH, CAROUSEL_HEIGHT)),
  };
}

export function campaignPicture(spec: BannerSpec): ImageJob {
  return {
    path: catalogueImagePath('campaigns', spec.slug, CAMPAIGN_WIDTH),
    draw: async () => svgImage(bannerSvg(spec, CAMPAIGN_WIDTH, CAMPAIGN_HEIGHT)),
  };
}

/** Absolute file of an image path under the uploads folder of the data folder (local disk). */
export function uploadFile(dataDir: string, imagePath: string): string {
  return path.join(dataDir, 'uploads', ...imagePath.split('/').filter(Boolean));
}

/** The storage key of an image path: `/products/x.webp` is `products/x.webp`. */
const keyOf = (imagePath: string) => imagePath.replace(/^\/+/, '');

/** The bytes of a stored picture; a missing one is an error (it was listed a moment ago). */
async function readPicture(storage: FileStorage, imagePath: string): Promise<Buffer> {
  const file = await storage.get(keyOf(imagePath));
  if (!file) throw new Error(`${imagePath} is not in the uploads store`);
  return readStoredFile(file);
}

/** The sizes of a picture that are not stored; none for a picture without sizes. */
function missingSizes(imagePath: string, present: Set<string>): StoredImage[] {
  return imageSizesOf(imagePath).filter((size) => !present.has(path.posix.basename(size.path)));
}

/** Makes the sizes `wanted` of the picture whose full WebP is `full` and stores them. */
async function writeSizes(
  storage: FileStorage,
  full: Buffer,
  wanted: StoredImage[],
  pixels?: DecodedPixels,
) {
  for (const size of await encodeImageSizes(full, wanted, { webp: SEED_WEBP, pixels }))
    await storage.put(keyOf(size.path), size.data, 'image/webp');
}

/**
 * Runs `work` over `list`, two at a time per core: sharp gives each picture one libvips thread
 * (its default on glibc Linux), and a second picture keeps a core busy while the first is between
 * steps. At most four, the threads libuv lends sharp.
 */
async function inTurns<T>(list: readonly T[], work: (one: T) => Promise<void>): Promise<void> {
  const concurrency = Math.min(4, 2 * os.availableParallelism());
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const one = list[next] as T;
      next += 1;
      await work(one);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Draws the jobs whose files are missing, with their sizes, and writes the missing sizes of
 * those that are there (a data folder from before pictures had sizes).
 */
export async function renderImages(
  storage: FileStorage,
  jobs: ImageJob[],
  onProgress?: DrawProgress,
): Promise<RenderReport> {
  const started = performance.now();
  const unique = [...new Map(jobs.map((job) => [job.path, job])).values()];
  const folders = [...new Set(unique.map((job) => path.posix.dirname(keyOf(job.path))))];
  // One listing per folder (a page of a bucket listing holds 1000 names), not a call per file.
  const present = new Map(
    await Promise.all(folders.map(async (folder) => [folder, await storage.list(folder)] as const)),
  );
  const missing: { job: ImageJob; sizes: StoredImage[] }[] = [];
  const unsized: { job: ImageJob; sizes: StoredImage[] }[] = [];
  for (const job of unique) {
    const there = present.get(path.posix.dirname(keyOf(job.path))) ?? new Set();
    const sizes = missingSizes(job.path, there);
    if (!there.has(path.posix.basename(job.path)))
      missing.push({ job, sizes: missingSizes(job.path, new Set()) });
    else if (sizes.length > 0) unsized.push({ job, sizes });
  }
  if (missing.length > 0) {
    onProgress?.(0, missing.length);
    await loadIconSet();
  }
  iconCache.clear();

  let drawn = 0;
  await inTurns(missing, async ({ job, sizes }) => {
    // Drawn once to pixels, which the picture and its sizes are encoded from. Every picture is
    // opaque, and without an alpha channel the sizes take a third less time.
    const pixels = await (
      await job.draw()
    )
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const full = await sharp(pixels.data, { raw: pixels.info }).webp(SEED_WEBP).toBuffer();
    await writeSizes(storage, full, sizes, pixels);
    // The picture last: a later seed that finds it finds its sizes too.
    await storage.put(keyOf(job.path), full, 'image/webp');
    drawn += 1;
    onProgress?.(drawn, missing.length);
  });
  await inTurns(unsized, async ({ job, sizes }) =>
    writeSizes(storage, await readPicture(storage, job.path), sizes),
  );
  // The set and the drawn illustrations are some 100 MB; a running shop should not keep them.
  iconSet = undefined;
  iconCache.clear();
  return {
    rendered: missing.length,
    skipped: unique.length - missing.length,
    resized: unsized.length,
    milliseconds: Math.round(performance.now() - started),
  };
}

/**
 * Writes the missing sizes of every catalogue picture in the uploads store: the seed's and those
 * the back office uploaded before pictures had sizes. A file that cannot be read as a picture is
 * left as it is and counted, so one bad file does not keep the shop from starting.
 */
export async function ensureImageSizes(
  storage: FileStorage,
): Promise<{ resized: number; unreadable: number }> {
  const report = { resized: 0, unreadable: 0 };
  for (const folder of sizedImageFolders) {
    const there = await storage.list(folder);
    const pictures = [...there].flatMap((name) => {
      const imagePath = `/${folder}/${name}`;
      const sizes = missingSizes(imagePath, there);
      return sizes.length > 0 ? [{ imagePath, sizes }] : [];
    });
    await inTurns(pictures, async ({ imagePath, sizes }) => {
      try {
        const full = await readPicture(storage, imagePath);
        await writeSizes(storage, full, sizes);
        report.resized += 1;
      } catch {
        report.unreadable += 1;
      }
    });
  }
  return report;
}
