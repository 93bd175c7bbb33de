import type { Locale } from '@shop/shared';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { LanguageProvider, useFormat, useT } from '../lib/i18n.js';

/**
 * The translator and formats a component of the given language gets, for testing the plain
 * functions a component hands them to.
 */
export function wordsOf<Catalogue extends Record<string, string>>(locale: Locale) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(LanguageProvider, { locale, children });
  return renderHook(() => ({ t: useT<Catalogue>(), format: useFormat() }), { wrapper }).result
    .current;
}
