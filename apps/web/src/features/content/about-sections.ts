import { bodyNodes, type BodyNode, type BodyParser } from '../../lib/html-body.js';

export interface AboutSection {
  /** The element id the side list links to, made from the heading. */
  id: string;
  title: string;
  /** The section's HTML after its heading. */
  html: string;
}

export interface AboutLayout {
  /** What comes before the first heading. */
  intro: string;
  /** The intro's words without markup, its blocks apart: the page's description for search. */
  introText: string;
  sections: AboutSection[];
}

/** 'Coffee and Tea' → 'coffee-and-tea'; Norwegian letters spelled out, other marks dropped. */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * About's text split at its h2 headings: the text before the first is the intro, each heading
 * starts a section the side list names (STATIC-07, STATIC-08). The ids are the page's own
 * (`about-` and the heading's words, numbered when two agree; the heading's is that and
 * `-heading`), never the staff's markup, so a
 * heading cannot take an id the layout uses; `taken` lists the page's other ids. Parsed as the
 * browser parses (`bodyNodes`; on the server a parser of the same standard), so the server's
 * render and the browser's agree to the character: hydration keeps the server's ids and markup.
 */
export function aboutLayout(
  html: string,
  taken: readonly string[],
  parse: BodyParser = bodyNodes,
): AboutLayout {
  const intro: BodyNode[] = [];
  const sections: AboutSection[] = [];
  const used = new Set(taken);
  for (const node of parse(html)) {
    const title = node.name === 'h2' ? node.text.trim() : '';
    const section = sections.at(-1);
    if (title) {
      const base = `about-${slugOf(title) || 'section'}`;
      let id = base;
      for (let count = 2; used.has(id) || used.has(`${id}-heading`); count += 1)
        id = `${base}-${count}`;
      used.add(id).add(`${id}-heading`);
      sections.push({ id, title, html: '' });
    } else if (section) section.html += node.html;
    else intro.push(node);
  }
  return {
    intro: intro
      .map((node) => node.html)
      .join('')
      .trim(),
    introText: intro.map((node) => node.text).join(' '),
    sections,
  };
}
