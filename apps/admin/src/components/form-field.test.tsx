import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopDetailsMessages, tooLongMessage } from '@shop/shared';
import { LanguageProvider } from '../lib/i18n.js';
import { FormField } from './form-field.js';

const registration = {
  name: 'field',
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
};

function renderField(locale: 'nb' | 'en', message: string) {
  render(
    <LanguageProvider locale={locale}>
      <FormField label="Felt" registration={registration} error={{ type: 'server', message }} />
    </LanguageProvider>,
  );
  return screen.getByLabelText('Felt').getAttribute('aria-describedby') ?? '';
}

const shownError = (describedBy: string) => document.getElementById(describedBy)?.textContent;

// Issue 31.1: a shared rule's message, sent as the spec's English, reads in the staff member's language.
describe("a form field's rule message", () => {
  it('reads a shared message in bokmål, its field and number put into one sentence', () => {
    expect(shownError(renderField('nb', shopDetailsMessages.required('The shop name')))).toBe(
      'Navnet på butikken må fylles ut',
    );
  });

  it('reads the English as the rule wrote it', () => {
    const english = tooLongMessage('Address', 1000);
    expect(shownError(renderField('en', english))).toBe(english);
  });
});
