import { describe, expect, it } from 'vitest';
import { defaultStaticPage } from '@shop/shared';
import { browserBodyNodes, type BodyParser } from '../../lib/html-body.js';
import { serverBodyNodes } from '../../lib/html-body-server.js';
import { servedShop } from '../../test/shop-details-answer.js';
import { aboutLayout } from './about-sections.js';

// The server renders About with its own parser (issue 15) and the browser hydrates that HTML,
// keeping its ids and markup: both parses must give the very same layout.
const parsers: [string, BodyParser][] = [
  ['the browser (DOMParser)', browserBodyNodes],
  ['the server (parse5)', serverBodyNodes],
];

const taken = ['about-services'];

describe.each(parsers)("About's sections, parsed by %s", (_name, parse) => {
  const layout = (html: string) => aboutLayout(html, taken, parse);

  it('STATIC-07 STATIC-08 splits at the h2 headings, keeping the markup nested in each part', () => {
    expect(
      layout(
        '<p>Fjordhandel <em>since 1999</em>.</p>' +
          '<h2>Tea &amp; Coffee</h2><p>Brewed daily.</p><h3>Sourcing</h3><p>Direct.</p>' +
          '<h2>Blåbær</h2><ul><li><p>Wild</p></li></ul>' +
          '<h2>Tea &amp; Coffee</h2><p>Again.</p>',
      ),
    ).toEqual({
      intro: '<p>Fjordhandel <em>since 1999</em>.</p>',
      introText: 'Fjordhandel since 1999.',
      sections: [
        {
          id: 'about-tea-coffee',
          title: 'Tea & Coffee',
          html: '<p>Brewed daily.</p><h3>Sourcing</h3><p>Direct.</p>',
        },
        { id: 'about-blabaer', title: 'Blåbær', html: '<ul><li><p>Wild</p></li></ul>' },
        { id: 'about-tea-coffee-2', title: 'Tea & Coffee', html: '<p>Again.</p>' },
      ],
    });
  });

  it('keeps loose text and comments where they stand, and writes entities as innerHTML does', () => {
    const { intro, introText, sections } = layout(
      '  Hello &amp; <!-- a note --> welcome&nbsp;&#39;friends&#39; &lt;3\n' +
        '<h2> Our <em>Honey</em> &amp; <!-- x -->bees </h2>' +
        'loose &quot;text&quot;<!-- c --><p title="&quot;x&quot; &lt; y &amp; z">A &gt; B&#x1F41D;</p>',
    );
    expect(intro).toBe("Hello &amp; <!-- a note --> welcome&nbsp;'friends' &lt;3");
    expect(introText.replace(/\s+/g, ' ')).toBe("Hello & welcome 'friends' <3 ");
    expect(sections).toEqual([
      {
        id: 'about-our-honey-bees',
        title: 'Our Honey & bees',
        html: 'loose "text"<!-- c --><p title="&quot;x&quot; &lt; y &amp; z">A &gt; B🐝</p>',
      },
    ]);
  });

  it('repairs broken markup as a browser does: closed paragraphs, table bodies, misnested tags', () => {
    expect(
      layout('<p>Open<h2>Shut</h2><table><tr><td>1</td></tr></table><b>bold<p>para</b>x'),
    ).toEqual({
      intro: '<p>Open</p>',
      introText: 'Open',
      sections: [
        {
          id: 'about-shut',
          title: 'Shut',
          html: '<table><tbody><tr><td>1</td></tr></tbody></table><b>bold</b><p><b>para</b>x</p>',
        },
      ],
    });
  });

  it('a heading without words is text, one of marks alone a section, and ids never repeat', () => {
    const { sections } = layout(
      '<h2> </h2><p>Before.</p><h2>Services</h2><h2>!!!</h2><h2>About</h2><h2>Services</h2>',
    );
    expect(sections.map(({ id, title }) => [id, title])).toEqual([
      ['about-services-2', 'Services'],
      ['about-section', '!!!'],
      ['about-about', 'About'],
      ['about-services-3', 'Services'],
    ]);
    expect(layout('<h2> </h2><p>Before.</p>').intro).toBe('<h2> </h2><p>Before.</p>');
  });

  it('a text without h2 headings is all intro', () => {
    expect(layout('<p>Just us.</p>')).toEqual({
      intro: '<p>Just us.</p>',
      introText: 'Just us.',
      sections: [],
    });
    expect(layout('')).toEqual({ intro: '', introText: '', sections: [] });
  });
});

describe("About's sections on the server and in the browser (issue 15)", () => {
  it('agree on the default text, with the nine sections', () => {
    const { html } = defaultStaticPage('about', { ...servedShop, name: 'Fjord & <Sønner>' });
    const server = aboutLayout(html, taken, serverBodyNodes);
    expect(server).toEqual(aboutLayout(html, taken, browserBodyNodes));
    expect(server.sections).toHaveLength(9);
    expect(server.intro).toContain('Fjord &amp; &lt;Sønner&gt; is a small family-run');
  });
});
