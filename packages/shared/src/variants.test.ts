import { describe, expect, it } from 'vitest';
import { variantPairs, variantQuery, variantText } from './variants.js';

describe('the shared order of variant pairs (issue 29.12)', () => {
  it('orders pairs by option name whatever order the keys came in', () => {
    // JSONB hands keys back shortest first; a product declares them in its own order.
    expect(variantPairs({ Size: 'M', Colour: 'Blue' })).toEqual([
      ['Colour', 'Blue'],
      ['Size', 'M'],
    ]);
    expect(variantPairs({ Colour: 'Blue', Size: 'M' })).toEqual(
      variantPairs({ Size: 'M', Colour: 'Blue' }),
    );
    expect(
      variantPairs({ size: 'M', Colour: 'Blue', Material: 'Wool' }).map(([name]) => name),
    ).toEqual(['Colour', 'Material', 'size']);
  });

  it('writes the same query and text for every key order', () => {
    expect(variantQuery({ Size: 'M', Colour: 'Dark Blue' })).toBe('Colour=Dark+Blue&Size=M');
    expect(variantQuery({})).toBe('');
    const odd = { 'Fit & feel': "Men's (slim) 100%", Size: 'M/L' };
    expect(variantQuery(odd)).toBe(
      // As the browser's own form encoding writes it.
      'Fit+%26+feel=Men%27s+%28slim%29+100%25&Size=M%2FL',
    );
    expect(variantText({ Size: 'M', Colour: 'Blue' })).toBe('Colour: Blue, Size: M');
    expect(variantText({ Size: 'M', Colour: 'Blue' }, { pair: ' ', between: ' · ' })).toBe(
      'Colour Blue · Size M',
    );
    expect(variantText({ Size: 'M', Colour: 'Blue', Fit: 'Slim' }, { limit: 2 })).toBe(
      'Colour: Blue, Fit: Slim',
    );
  });
});
