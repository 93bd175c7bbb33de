/**
 * Just enough of RFC 5322/2045/2047 to read back the `.eml` files nodemailer writes for the
 * development mailbox: unfolded headers with encoded words, the text/plain and text/html parts
 * of a (possibly nested) multipart message in 7bit, 8bit, quoted-printable or base64, and the
 * files attached to it.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  /** The plain-text body, or '' when the message has none. */
  text: string;
  /** The HTML body, or '' when the message has none. */
  html: string;
  /** The files it carries, in the order written. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `source` holds one byte per character (read as latin1), so no byte is lost before decoding. */
const latin1Bytes = (source: string) => Uint8Array.from(Buffer.from(source, 'latin1'));

function quotedPrintableBytes(source: string, underscoreIsSpace = false): Uint8Array {
  const input = source.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index];
    const hex = input.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(input.charCodeAt(index) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

const encodedWord = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded words. Adjacent words of one charset are joined as bytes first,
 * because an encoder may split a multi-byte character between two words.
 */
export function decodeHeaderValue(value: string): string {
  let result = '';
  let pending: { charset: string; bytes: number[] } | undefined;
  let last = 0;
  const flush = () => {
    if (pending) result += decodeBytes(Uint8Array.from(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(encodedWord)) {
    const [whole, rawCharset = 'utf-8', encoding = 'Q', payload = ''] = match;
    const between = value.slice(last, match.index);
    // Whitespace between two encoded words is part of the folding, not of the text.
    if (!pending || !/^\s*$/.test(between)) {
      flush();
      result += between;
    }
    const charset = rawCharset.split('*')[0]?.toLowerCase() ?? 'utf-8';
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(payload, 'base64')
        : quotedPrintableBytes(payload, true);
    if (pending && pending.charset !== charset) flush();
    pending ??= { charset, bytes: [] };
    pending.bytes.push(...bytes);
    last = match.index + whole.length;
  }
  flush();
  return result + value.slice(last);
}

function headerParameter(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function splitEntity(source: string): { headers: Map<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(source);
  const head = separator ? source.slice(0, separator.index) : source;
  const body = separator ? source.slice(separator.index + separator[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence wins, as for Subject, To and Date there is only one.
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function multipartParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join('\n'));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function bodyBytes(body: string, headers: Map<string, string>): Uint8Array {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return encoding === 'quoted-printable'
    ? quotedPrintableBytes(body)
    : encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : latin1Bytes(body);
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const charset = headerParameter(headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  return decodeBytes(bodyBytes(body, headers), charset).replace(/\r\n/g, '\n');
}

/** The parts of a message sent as files (`Content-Disposition: attachment`), nested ones too. */
function findAttachments(source: string, found: ParsedMail['attachments'] = []) {
  const { headers, body } = splitEntity(source);
  const contentType = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = headerParameter(contentType, 'boundary');
    if (boundary) for (const part of multipartParts(body, boundary)) findAttachments(part, found);
    return found;
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition))
    found.push({
      filename: decodeHeaderValue(
        headerParameter(disposition, 'filename') ?? headerParameter(contentType, 'name') ?? '',
      ),
      contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      content: Buffer.from(bodyBytes(body, headers)),
    });
  return found;
}

function findPart(source: string, wanted: 'text/plain' | 'text/html'): string | undefined {
  const { headers, body } = splitEntity(source);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('multipart/')) {
    const boundary = headerParameter(contentType, 'boundary');
    if (!boundary) return undefined;
    for (const part of multipartParts(body, boundary)) {
      const found = findPart(part, wanted);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (type !== wanted || /^attachment/i.test(headers.get('content-disposition') ?? '')) {
    return undefined;
  }
  return decodeBody(body, headers);
}

/** Parses a message read with the `latin1` encoding (one character per byte). */
export function parseEml(source: string): ParsedMail {
  const { headers } = splitEntity(source);
  const decoded = new Map<string, string>();
  for (const [name, value] of headers) decoded.set(name, decodeHeaderValue(value));
  return {
    headers: decoded,
    text: findPart(source, 'text/plain') ?? '',
    html: findPart(source, 'text/html') ?? '',
    attachments: findAttachments(source),
  };
}
