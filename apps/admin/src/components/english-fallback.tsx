import { useT } from '../lib/i18n.js';

/**
 * The mark beside an English text left empty (issue 31.5): English pages show the bokmål there,
 * which the owner may mean or may have forgotten.
 */
export function EnglishFallback() {
  const t = useT();
  return <span className="d-block text-warning-emphasis">{t('common.englishFallback')}</span>;
}
