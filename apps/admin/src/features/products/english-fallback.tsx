import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/**
 * The mark beside an English text left empty (issue 31.5): English pages show the bokmål there,
 * which the owner may mean or may have forgotten.
 */
export function EnglishFallback({ id }: { id?: string }) {
  const t = useT<typeof en>();
  return (
    <div id={id} className="form-text text-warning-emphasis">
      {t('products.english.fallback')}
    </div>
  );
}
