import { describe, expect, it } from 'vitest';
import { sanitizeProductDescription } from './product-description.js';

describe('sanitizeProductDescription', () => {
  it('PDP-14 keeps paragraphs, lists, headings, emphasis and tables', () => {
    const html =
      '<h3>Care</h3><p>Wash <strong>cold</strong>, <em>dry flat</em>.<br />Iron low.</p>' +
      '<ul><li>Cotton</li></ul><ol><li>One</li></ol><h4>Size</h4>' +
      '<table><thead><tr><th colspan="2">Size</th></tr></thead><tbody><tr><td>M</td><td>50 cm</td></tr></tbody></table>';
    expect(sanitizeProductDescription(html)).toBe(html);
  });

  it('PDP-14 drops script and style elements with their content', () => {
    expect(
      sanitizeProductDescription(
        '<p>Tea</p><script>alert(document.cookie)</script><style>body{display:none}</style>',
      ),
    ).toBe('<p>Tea</p>');
  });

  it('PDP-14 drops event handlers and inline styles', () => {
    expect(
      sanitizeProductDescription(
        '<p onclick="steal()" style="position:fixed">Honey</p><img src=x onerror=alert(1)>',
      ),
    ).toBe('<p>Honey</p>');
    expect(sanitizeProductDescription('<svg onload=alert(1)><circle/></svg><p>ok</p>')).toBe(
      '<p>ok</p>',
    );
  });

  it('PDP-14 drops iframes, objects and forms', () => {
    expect(
      sanitizeProductDescription(
        '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><form action="https://evil.example"><input name="card"></form><p>Scarf</p>',
      ),
    ).toBe('<p>Scarf</p>');
  });

  it('PDP-14 removes javascript:, data: and plain http links but keeps https and mailto', () => {
    expect(sanitizeProductDescription('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeProductDescription('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeProductDescription('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeProductDescription('<a href="//evil.example/x">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeProductDescription('<a href="https://example.no/care">care</a>')).toBe(
      '<a href="https://example.no/care" rel="noopener noreferrer">care</a>',
    );
    expect(sanitizeProductDescription('<a href="mailto:post@example.no">mail</a>')).toBe(
      '<a href="mailto:post@example.no" rel="noopener noreferrer">mail</a>',
    );
  });

  it('PDP-14 forces rel="noopener noreferrer" over a given rel and drops target', () => {
    expect(
      sanitizeProductDescription('<a href="https://example.no" rel="opener" target="_blank">x</a>'),
    ).toBe('<a href="https://example.no" rel="noopener noreferrer">x</a>');
  });

  it('PDP-14 closes unbalanced markup and escapes stray angle brackets', () => {
    expect(sanitizeProductDescription('<p><strong>Bold')).toBe('<p><strong>Bold</strong></p>');
    expect(sanitizeProductDescription('1 < 2 "><script>x</script>')).toBe('1 &lt; 2 "&gt;');
  });
});
