/**
 * A fresh key for a request the server must carry out once however often it is sent (a refund):
 * 128 random bits as hex. `crypto.getRandomValues` rather than `randomUUID`, which a browser
 * offers only on https or localhost, and a shop on the local network is reached over plain http.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
