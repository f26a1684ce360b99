// What an upload really is, checked from its bytes as they stream to disk: the declared
// content type is the client's claim, and files are served from the API origin, so a claim
// the bytes do not back (HTML sent as application/pdf, a script in an SVG) is refused (415)
// before anything is stored. Binary formats by magic number (file-type); SVG by parsing it
// as XML (saxes) and refusing anything that can run: scripts, event handlers, foreignObject,
// javascript: links, DOCTYPE (entities).
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { errors, type StorageError } from './errors.ts';

/** Enough bytes for file-type to tell every format it knows. */
const headBytes = 4100;

/** Types that run as code or markup when opened: never accepted as uploads. */
const activeTypes = new Set([
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'application/javascript',
  'text/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/x-javascript',
  'application/x-shockwave-flash',
  'text/xsl',
]);

/** Declared type → types file-type may report for the same bytes. */
const sameKind: Record<string, readonly string[]> = {
  'application/pdf': ['application/pdf', 'application/illustrator'],
  'application/zip': ['application/zip'],
  'application/x-zip-compressed': ['application/zip'],
  'image/png': ['image/png', 'image/apng'],
  'image/jpeg': ['image/jpeg'],
  'image/jpg': ['image/jpeg'],
  'image/webp': ['image/webp'],
  'image/gif': ['image/gif'],
};

export interface ContentCheck {
  /** Sees each chunk in order; throws as soon as the bytes contradict the declared type. */
  push(chunk: Uint8Array): Promise<void>;
  /** After the last chunk: throws unless the whole file was what it claimed. */
  finish(): Promise<void>;
}

export function essenceOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** Refuses, before any byte is read, types that are active content whatever the bytes. */
export function assertAcceptableType(contentType: string): void {
  const essence = essenceOf(contentType);
  // Any other XML document type (rss+xml, xslt+xml, …) can carry script as well.
  if (activeTypes.has(essence) || (essence.endsWith('+xml') && essence !== 'image/svg+xml')) {
    throw errors.invalidMimeType(essence, 'pages and scripts are not stored, they would run on the API origin');
  }
}

/** The check for an upload declared as contentType. Types with no signature pass as they are. */
export function contentCheckFor(contentType: string): ContentCheck {
  const essence = essenceOf(contentType);
  if (essence === 'image/svg+xml') return svgCheck(essence);
  const expected = sameKind[essence] ?? (supportedMimeTypes.has(essence as never) ? [essence] : null);
  if (!expected) return { push: async () => undefined, finish: async () => undefined };
  return magicCheck(essence, expected);
}

function magicCheck(declared: string, expected: readonly string[]): ContentCheck {
  const head = new Uint8Array(headBytes);
  let filled = 0;
  let decided = false;
  const decide = async () => {
    decided = true;
    const found = await fileTypeFromBuffer(head.subarray(0, filled));
    if (!found || !expected.includes(found.mime)) {
      throw errors.contentRefused(declared, found ? `its bytes are ${found.mime}` : 'its bytes match no known file format');
    }
  };
  return {
    async push(chunk) {
      if (decided) return;
      const take = Math.min(chunk.byteLength, headBytes - filled);
      head.set(chunk.subarray(0, take), filled);
      filled += take;
      if (filled === headBytes) await decide();
    },
    async finish() {
      if (!decided) await decide();
    },
  };
}

const svgNamespace = 'http://www.w3.org/2000/svg';
const xhtmlNamespace = 'http://www.w3.org/1999/xhtml';
/** Elements that run code or embed documents (compared lower-cased, any namespace). */
const forbiddenElements = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'frame',
  'frameset',
  'applet',
  'base',
  'meta',
]);
const animationElements = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);

/** A URL or value that would run code if followed (whitespace and controls are ignored by browsers). */
function runsCode(value: string): boolean {
  const squashed = Array.from(value, (ch) => (ch <= '\u001f' || ch.trim() === '' ? '' : ch))
    .join('')
    .toLowerCase();
  return (
    /(^|[^a-z0-9+.-])(javascript|vbscript|livescript):/.test(squashed) || squashed.includes('data:text/html') || squashed.includes('data:application/xhtml')
  );
}

function svgCheck(declared: string): ContentCheck {
  const refuse = (reason: string): StorageError => errors.contentRefused(declared, reason);
  const parser = new SaxesParser({ xmlns: true, position: false });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let sawRoot = false;

  parser.on('doctype', () => {
    throw refuse('a DOCTYPE (entity declarations) is not allowed in an SVG');
  });
  parser.on('processinginstruction', ({ target }) => {
    throw refuse(`the processing instruction <?${target}?> is not allowed in an SVG`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const local = tag.local.toLowerCase();
    if (!sawRoot) {
      if (tag.local !== 'svg' || tag.uri !== svgNamespace) throw refuse('its root element is not <svg> in the SVG namespace');
      sawRoot = true;
    }
    if (forbiddenElements.has(local) || tag.uri === xhtmlNamespace) throw refuse(`it contains <${tag.name}>, which can run code`);
    for (const attr of Object.values(tag.attributes) as SaxesAttributeNS[]) {
      const name = attr.local.toLowerCase();
      if (name.startsWith('on')) throw refuse(`it has an event handler (${attr.name})`);
      if (runsCode(attr.value)) throw refuse(`the attribute ${attr.name} holds a script URL`);
      if (animationElements.has(local) && name === 'attributename') {
        const target = attr.value
          .trim()
          .toLowerCase()
          .replace(/^[^:]*:/, '');
        if (target === 'href' || target.startsWith('on')) throw refuse(`<${tag.name}> may not animate ${attr.value}`);
      }
    }
  });

  const feed = (text: string) => {
    try {
      parser.write(text);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 415) throw err;
      throw refuse(`it is not well-formed XML (${(err as Error).message.split('\n')[0]})`);
    }
  };
  return {
    async push(chunk) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw refuse('it is not UTF-8 text');
      }
      feed(text);
    },
    async finish() {
      try {
        feed(decoder.decode());
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 415) throw err;
        throw refuse('it is not UTF-8 text');
      }
      try {
        parser.close();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 415) throw err;
        throw refuse(`it is not well-formed XML (${(err as Error).message.split('\n')[0]})`);
      }
      if (!sawRoot) throw refuse('it has no <svg> element');
    },
  };
}
