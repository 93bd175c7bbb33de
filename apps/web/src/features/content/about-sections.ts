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
 * heading cannot take an id the layout uses; `taken` lists the page's other ids.
 */
export function aboutLayout(html: string, taken: readonly string[]): AboutLayout {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const intro = document.createElement('div');
  const sections: { id: string; title: string; body: HTMLElement }[] = [];
  const used = new Set(taken);
  for (const node of Array.from(document.body.childNodes)) {
    const title = node.nodeName === 'H2' ? (node.textContent ?? '').trim() : '';
    if (title) {
      const base = `about-${slugOf(title) || 'section'}`;
      let id = base;
      for (let count = 2; used.has(id) || used.has(`${id}-heading`); count += 1)
        id = `${base}-${count}`;
      used.add(id).add(`${id}-heading`);
      sections.push({ id, title, body: document.createElement('div') });
    } else (sections.at(-1)?.body ?? intro).append(node);
  }
  return {
    intro: intro.innerHTML.trim(),
    sections: sections.map(({ id, title, body }) => ({ id, title, html: body.innerHTML })),
  };
}
