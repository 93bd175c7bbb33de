import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductDescription, withHeadingsFromH3 } from './product-description.js';

describe('withHeadingsFromH3', () => {
  it('moves a description whose highest heading is an h4 up one level', () => {
    expect(withHeadingsFromH3('<p>Soft.</p><h4>Care</h4><p>Hand wash.</p>')).toBe(
      '<p>Soft.</p><h3>Care</h3><p>Hand wash.</p>',
    );
  });

  it('keeps the levels between the headings', () => {
    expect(withHeadingsFromH3('<h4>Fit</h4><h5>Sizes</h5><H4>Care</H4>')).toBe(
      '<h3>Fit</h3><h4>Sizes</h4><h3>Care</h3>',
    );
  });

  it('leaves a description that starts at h3, or has no heading, as it is', () => {
    const html = '<h3>Fit</h3><h4>Sizes</h4>';
    expect(withHeadingsFromH3(html)).toBe(html);
    expect(withHeadingsFromH3('<p>A <strong>hat</strong>.</p>')).toBe(
      '<p>A <strong>hat</strong>.</p>',
    );
  });

  it('changes no escaped text that only looks like a heading', () => {
    expect(withHeadingsFromH3('<h4>Care</h4><p>&lt;h4&gt; is a tag</p>')).toBe(
      '<h3>Care</h3><p>&lt;h4&gt; is a tag</p>',
    );
  });
});

describe('ProductDescription', () => {
  it('PDP-14 puts the description’s first heading right under its own h2', () => {
    render(<ProductDescription html="<p>Linen.</p><h4>Care</h4><p>Hand wash.</p>" />);
    const section = screen.getByRole('region', { name: 'Description' });
    expect(within(section).getByRole('heading', { name: 'Care' }).tagName).toBe('H3');
  });
});
