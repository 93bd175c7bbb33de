import { describe, expect, it } from 'vitest';
import { ERASED_MARK, erasedJson, personalTextEraser } from './personal-text.js';

// Issue 29.3: what staff typed about a deleted customer loses their name, address and numbers.
describe('personalTextEraser', () => {
  const erase = personalTextEraser({
    names: ['Bjørn Ærlig-Ås'],
    literals: ['bjorn.aas@kunde.no', '+47 912 34 567', 'Storgata 1', '2'],
  });

  it('blots out each word of the name as a whole word, ignoring case and with Norwegian letters', () => {
    expect(erase('Ring bjørn, eller ÆRLIG-ÅS. Bjørnar er en annen.')).toBe(
      `Ring ${ERASED_MARK}, eller ${ERASED_MARK}. Bjørnar er en annen.`,
    );
  });

  it('blots out the e-mail, phone and street whole, and leaves a bare flat number alone', () => {
    expect(erase('Mail BJORN.AAS@kunde.no or call +47 912 34 567 at Storgata 1, flat 2.')).toBe(
      `Mail ${ERASED_MARK} or call ${ERASED_MARK} at ${ERASED_MARK}, flat 2.`,
    );
  });

  it('changes the strings of a JSON value, never its keys', () => {
    expect(erasedJson({ bjørn: ['Bjørn'], n: 1, text: { to: 'Storgata 1' } }, erase)).toEqual({
      bjørn: [ERASED_MARK],
      n: 1,
      text: { to: ERASED_MARK },
    });
  });

  it('leaves text alone when the person has no strings', () => {
    expect(personalTextEraser({ names: [''], literals: [''] })('Anything')).toBe('Anything');
  });
});
