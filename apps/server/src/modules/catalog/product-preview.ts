import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { PREVIEW_LINK_MINUTES, productPreviewPath, type ProductPreviewLink } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { products } from './catalog.tables.js';

const ISSUER = 'nordic-shop';
/**
 * An audience of its own: the key also signs the access tokens, so neither kind may ever pass
 * for the other.
 */
const AUDIENCE = 'nordic-shop-preview';
const STAFF_CLAIM = 'staff';

/**
 * The headers of every answer of a preview, the API's and the storefront page's, refusals
 * included: one staff member's view of a page that may not be public yet, so no cache (ours, a
 * proxy's, the browser's) keeps it and no search engine lists it.
 */
export const previewAnswerHeaders = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
} as const;

/** What a preview link's token names: the product, and the staff member who asked for it. */
export interface PreviewClaims {
  productId: string;
  staffId: string;
}

/**
 * What the catalogue needs to make and open preview links; app.ts hands it in, since the key and
 * the staff belong to the accounts module, which stands above the catalogue.
 */
export interface ProductPreviews {
  /** The server's signing key (`loadSigningKey`), shared with the access tokens. */
  key: Uint8Array;
  /** Whether this user is on the shop's staff now: a link dies with its maker's place. */
  isStaff(userId: string): Promise<boolean>;
}

/**
 * Signs the token of a preview link, good for PREVIEW_LINK_MINUTES from `issuedAt` (a test
 * passes a past moment to get an expired one).
 */
export async function signProductPreview(
  key: Uint8Array,
  claims: PreviewClaims,
  issuedAt = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedSeconds = Math.floor(issuedAt.getTime() / 1000);
  const expiresAt = new Date((issuedSeconds + PREVIEW_LINK_MINUTES * 60) * 1000);
  const token = await new SignJWT({ [STAFF_CLAIM]: claims.staffId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.productId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedSeconds)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

const previewPayload = z.object({ sub: z.uuid(), [STAFF_CLAIM]: z.uuid() });

/**
 * The claims of a valid preview token, or undefined for anything else: a bad or tampered
 * signature, another algorithm, another audience (an access token), an expired or malformed one.
 */
export async function verifyProductPreview(
  key: Uint8Array,
  token: string,
): Promise<PreviewClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', STAFF_CLAIM],
    });
    const claims = previewPayload.safeParse(payload);
    return claims.success
      ? { productId: claims.data.sub, staffId: claims.data[STAFF_CLAIM] }
      : undefined;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/**
 * A preview link of a product for the staff member asking: 404 as the other back-office calls
 * answer for a product that is not there.
 */
export async function productPreviewLink(
  db: Database,
  key: Uint8Array,
  claims: PreviewClaims,
): Promise<ProductPreviewLink> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, claims.productId));
  if (!product) throw new NotFoundError('errors.catalog.productNotFound');
  const { token, expiresAt } = await signProductPreview(key, claims);
  return { path: productPreviewPath(token), expiresAt: expiresAt.toISOString() };
}
