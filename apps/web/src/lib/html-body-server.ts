import { parse, serializeOuter, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import type { BodyNode, BodyParser } from './html-body.js';

// parse5 follows the HTML standard's parsing and serialising as browsers do, so its nodes are
// the browser's own. Imported by the server's render alone (entry-server.tsx): never in a chunk
// the browser loads.

// As `DOMParser` parses: its document runs no scripts, so a `<noscript>` holds markup.
const options = { scriptingEnabled: false };

/** `textContent`: the text of every text node below, in order (a template's content is apart). */
function textContent(node: Tree.ChildNode): string {
  let text = '';
  // Explicit, since the depth of the markup is not bounded.
  const stack: Tree.ChildNode[] = [node];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.nodeName === '#text') text += (next as Tree.TextNode).value;
    else if ('childNodes' in next) stack.push(...next.childNodes.toReversed());
  }
  return text;
}

/** The server's `DOMParser` and `innerHTML` (issue 15). */
export const serverBodyNodes: BodyParser = (html) => {
  const root = parse(html, options).childNodes.find((node) => node.nodeName === 'html');
  const body =
    root && 'childNodes' in root
      ? root.childNodes.find((node) => node.nodeName === 'body' || node.nodeName === 'frameset')
      : undefined;
  if (!body || !('childNodes' in body)) return [];
  return body.childNodes.map((node): BodyNode => ({
    name: node.nodeName,
    text: node.nodeName === '#comment' ? '' : textContent(node),
    html: serializeOuter(node, options),
  }));
};
