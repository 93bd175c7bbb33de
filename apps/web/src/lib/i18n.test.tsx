import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/catalogues.js';
import { LanguageProvider, RichText, translatorHook, useLocale } from './i18n.js';

const useText = translatorHook<never>();

function LanguageName() {
  const text = useText();
  return (
    <p>
      {useLocale()}: {text('language.switch')}{' '}
      <RichText id="language.switch" components={{ 0: <b /> }} />
    </p>
  );
}

// Issue 31.1: the page's language reaches every component through one provider.
describe('the storefront language', () => {
  it('renders the words of the provided language', async () => {
    render(
      <LanguageProvider i18n={await loadLanguage('nb')}>
        <LanguageName />
      </LanguageProvider>,
    );
    expect(screen.getByText('nb: Språk Språk')).toBeTruthy();
  });

  it('reads English without a provider, as the tests render', () => {
    render(<LanguageName />);
    expect(screen.getByText('en: Language Language')).toBeTruthy();
  });
});
