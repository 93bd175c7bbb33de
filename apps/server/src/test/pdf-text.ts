import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by PDFKit shows, one string per text run in the order drawn, read back
 * without a PDF library: each content stream is inflated (FlateDecode) when it is compressed,
 * and each `[<hex> kerning <hex> …] TJ` or `<hex> Tj` is decoded from WinAnsi, the standard
 * fonts' encoding. Enough to check what a receipt says; not a general PDF reader.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  const winAnsi = new TextDecoder('windows-1252');
  for (const match of source.matchAll(/<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g)) {
    const dictionary = match[1] ?? '';
    const raw = Buffer.from(match[2] ?? '', 'latin1');
    let content: string;
    try {
      content = (/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const hex =
        shown[1] !== undefined
          ? [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => piece[1] ?? '').join('')
          : (shown[2] ?? '');
      runs.push(winAnsi.decode(Buffer.from(hex, 'hex')));
    }
  }
  return runs;
}

/** The PDF's text as one string, runs joined by newlines and its no-break spaces plain. */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf)
    .join('\n')
    .replace(/\u00a0/g, ' ');
}
