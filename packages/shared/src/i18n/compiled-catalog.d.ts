/** A catalogue loaded through `scripts/compiled-catalogs.ts`: keys to compiled messages. */
declare module '*.json?compiled' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
