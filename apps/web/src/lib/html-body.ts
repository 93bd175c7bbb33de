/** One node at the top of an HTML text's body, as a page that splits the text reads it. */
export interface BodyNode {
  /** `h2`, `p`… for an element (lower case), `#text` or `#comment` otherwise. */
  name: string;
  /** Its `textContent` (a comment's is empty: it is no text a reader sees). */
  text: string;
  /** Its markup as `innerHTML` writes it, so that the nodes' markups joined are their parent's. */
  html: string;
}

/** Parses an HTML text as a page's body and lists the nodes at its top. */
export type BodyParser = (html: string) => BodyNode[];

/** The browser's own parse (`DOMParser`, scripting off), serialised by the browser. */
export const browserBodyNodes: BodyParser = (html) => {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // An element of the parsed document, whose scripting is off like the parse's.
  const holder = parsed.createElement('div');
  // A copy: the live list would lose each node as it moves to the holder.
  return Array.from(parsed.body.childNodes).map((node) => {
    holder.replaceChildren(node);
    return {
      name: node.nodeName.toLowerCase(),
      text: node.nodeType === Node.COMMENT_NODE ? '' : (node.textContent ?? ''),
      html: holder.innerHTML,
    };
  });
};

let parser: BodyParser = browserBodyNodes;

/**
 * The server's render has no `DOMParser`: its entry (entry-server.tsx) sets a parser of its own
 * that gives the same nodes, so the browser's bundle carries no parser.
 */
export function setBodyParser(replacement: BodyParser): void {
  parser = replacement;
}

/** The nodes at the top of an HTML text's body, parsed as a browser does. */
export const bodyNodes: BodyParser = (html) => parser(html);
