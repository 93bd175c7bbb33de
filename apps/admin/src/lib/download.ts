import { apiFile } from './api-client.js';

/** The file name a `Content-Disposition` header gives, or the fallback. */
export function filenameFromDisposition(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  const name = match?.[1]?.trim();
  if (!name) return fallback;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Saves a file the browser holds, as a download with its name. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads `path` through the API and saves it under the name the server gives. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const file = await apiFile(path);
  saveFile(file.blob, filenameFromDisposition(file.disposition, fallbackName));
}
