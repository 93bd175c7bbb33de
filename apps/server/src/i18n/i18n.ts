import { compileMessage } from '@lingui/message-utils/compileMessage';
import { i18nFor, translateText, type I18n, type Locale, type MessageValues } from '@shop/shared';
import sharedEn from '@shop/shared/catalogs/en.json' with { type: 'json' };
import sharedNb from '@shop/shared/catalogs/nb.json' with { type: 'json' };
import sharedAdminEn from '@shop/shared/catalogs/admin.en.json' with { type: 'json' };
import sharedAdminNb from '@shop/shared/catalogs/admin.nb.json' with { type: 'json' };
import documentsEn from './documents.en.json' with { type: 'json' };
import documentsNb from './documents.nb.json' with { type: 'json' };
import mailsEn from './mails.en.json' with { type: 'json' };
import mailsNb from './mails.nb.json' with { type: 'json' };
import messagesEn from './messages.en.json' with { type: 'json' };
import messagesNb from './messages.nb.json' with { type: 'json' };

/**
 * The words the server writes (issue 31): API messages and mails, by key, in the language of the
 * request or of the customer. The catalogues are compiled as the server starts, so a broken
 * message stops it there; the browser builds get theirs compiled at build time instead.
 */
const compiled = (catalogue: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => [key, compileMessage(message)]),
  );

/**
 * A key of the server's catalogues (API messages, mails) or of the shared ones (rule messages,
 * language names; the back office's rule messages apart): an unknown key does not compile.
 */
export type MessageKey =
  | keyof typeof messagesEn
  | keyof typeof mailsEn
  | keyof typeof documentsEn
  | keyof typeof sharedEn
  | keyof typeof sharedAdminEn;

const i18ns: Record<Locale, I18n> = {
  nb: i18nFor('nb', ...[sharedNb, sharedAdminNb, messagesNb, mailsNb, documentsNb].map(compiled)),
  en: i18nFor('en', ...[sharedEn, sharedAdminEn, messagesEn, mailsEn, documentsEn].map(compiled)),
};

/** A message in a language, its placeholders filled from `values`. */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  // English text written elsewhere (a shared rule's message, a checkout's stored reason) reads
  // in the language when the catalogues know it.
  if (key === 'errors.untranslated' && typeof values?.message === 'string')
    return translateMessageText(locale, values.message);
  return i18ns[locale]._(key, values);
}

const keys = new Set<string>(
  [sharedEn, sharedAdminEn, messagesEn, mailsEn, documentsEn].flatMap(Object.keys),
);

/**
 * Whether a text is a key of the catalogues: the shared schemas' validation messages are keys,
 * while zod's own messages and older ones are English text.
 */
export function isMessageKey(text: string): text is MessageKey {
  return keys.has(text);
}

/**
 * A message that arrives as English text, such as a shared schema's validation message, in a
 * language: a key of the catalogues, or the text a `{placeholder}` key of the shared one writes
 * (`Address is too long (at most 200 characters).`); any other text stays as it is.
 */
export function translateMessageText(locale: Locale, text: string): string {
  return translateText(i18ns[locale], text);
}

/** A message not yet put in words: its key and the values of its placeholders. */
export interface KeyedMessage {
  key: MessageKey;
  values?: MessageValues;
}
