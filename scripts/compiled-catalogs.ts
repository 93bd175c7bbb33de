import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const suffix = '?compiled';

/**
 * Loads a message catalogue imported as `./nb.json?compiled` with every ICU message already
 * compiled by Lingui's own compiler, so the browser's bundle carries no message parser
 * (about 7 kB gzip) and a broken message fails the build instead of a page.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(suffix)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
