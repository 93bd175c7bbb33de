import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';

/**
 * Resolves once every notification on `channel` committed before the call has reached the
 * listeners of `database`: they arrive in commit order on one listening connection, so a marker
 * sent now arrives after all of them. A test waits for this instead of sleeping.
 */
export async function notificationsDelivered(
  database: DatabaseHandle,
  channel: string,
): Promise<void> {
  const marker = randomUUID();
  let arrived: () => void = () => {};
  const markerArrived = new Promise<void>((resolve) => (arrived = resolve));
  const stop = await database.listen(
    channel,
    (payload) => {
      if (payload === marker) arrived();
    },
    () => {},
  );
  try {
    await database.db.execute(sql`select pg_notify(${channel}, ${marker})`);
    await markerArrived;
  } finally {
    await stop();
  }
}
