import { useUiText } from './ui-i18n.js';

export function PageSpinner() {
  const t = useUiText();
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('ui.loading')}</span>
    </div>
  );
}
