import type { EnquiryForm } from '@shop/shared';
import { apiOrigin, apiRequest } from '../../lib/api-client.js';

export interface GalleryPhoto {
  /** An image path relative to the uploads location, such as `/cleaning/cleaning-1.webp`. */
  image: string;
  alt: string;
}

function isGalleryPhoto(entry: unknown): entry is GalleryPhoto {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as { image?: unknown }).image === 'string' &&
    typeof (entry as { alt?: unknown }).alt === 'string'
  );
}

/** `GET /api/cleaning/gallery`; an answer of another shape counts as a failure. */
export async function fetchGallery(signal: AbortSignal): Promise<GalleryPhoto[]> {
  const payload = await apiRequest<unknown>('/api/cleaning/gallery', { signal });
  if (!Array.isArray(payload) || !payload.every(isGalleryPhoto)) {
    throw new Error('Unexpected gallery answer');
  }
  return payload;
}

/**
 * Sends the enquiry and tells whether it was placed. Only status 201 is a success (ENQ-02);
 * any other status or a network failure is not (ENQ-03), so apiRequest's `ok` test is too wide.
 */
export async function sendEnquiry(form: EnquiryForm, signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(`${apiOrigin}/api/notification/addenquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(form),
      signal,
    });
    return response.status === 201;
  } catch {
    return false;
  }
}
