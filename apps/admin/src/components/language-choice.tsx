import { locales } from '@shop/shared';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useLocale, useT } from '../lib/i18n.js';
import { chooseLocale } from '../lib/locale.js';

/**
 * The language of the pages before sign-in (login, invitation), kept on this machine; a new
 * member joins in it. Signed in, the account menu chooses and saves it.
 */
export function LanguageChoice() {
  const t = useT();
  const locale = useLocale();
  return (
    <ButtonGroup size="sm" aria-label={t('shell.language')} className="mb-3">
      {locales.map((option) => (
        <Button
          key={option}
          lang={option}
          variant={option === locale ? 'secondary' : 'outline-secondary'}
          aria-pressed={option === locale}
          onClick={() => chooseLocale(option)}
        >
          {t(`language.${option}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
