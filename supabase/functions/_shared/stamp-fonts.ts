// Open fonts for buyer names Helvetica cannot draw (Cyrillic, Greek, CJK, Arabic, Latin
// letters outside WinAnsi). Each script has a Noto face from npm; a name is split into runs,
// one face each, and pdf-lib embeds only the glyphs a run uses (a subset: a few KB, not the
// 8 MB CJK file). Faces load on first use, so a Cyrillic name never reads the CJK file.
//
// Where the files come from: `./fonts/<file>` beside this module when present (hosted
// Supabase: `pnpm --filter @stitchhouse/supabase run bundle-fonts` copies them there and
// config.toml lists them as the download function's static_files), else the npm package.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

export interface StampFace {
  readonly name: string;
  readonly pkg: string;
  readonly file: string;
  /** The scripts it is for: tried first for their characters, so a Korean name skips the Chinese file. */
  readonly scripts: RegExp;
  /** Right-to-left script: the run is shaped and laid out right to left by fontkit. */
  readonly rtl: boolean;
}

/** The fallback chain, in the order a character is tried. */
export const STAMP_FACES: readonly StampFace[] = [
  { name: 'Noto Sans', pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Regular.ttf', scripts: /\p{sc=Latin}|\p{sc=Cyrillic}|\p{sc=Greek}/u, rtl: false },
  { name: 'Noto Naskh Arabic', pkg: '@embedpdf/fonts-arabic', file: 'NotoNaskhArabic-Regular.ttf', scripts: /\p{sc=Arabic}/u, rtl: true },
  // Han (simplified and traditional) plus kana: Chinese and Japanese names.
  {
    name: 'Noto Sans SC',
    pkg: '@embedpdf/fonts-sc',
    file: 'NotoSansHans-Regular.otf',
    scripts: /\p{sc=Han}|\p{sc=Hiragana}|\p{sc=Katakana}|\p{sc=Bopomofo}/u,
    rtl: false,
  },
  { name: 'Noto Sans KR', pkg: '@embedpdf/fonts-kr', file: 'NotoSansKR-Regular.otf', scripts: /\p{sc=Hangul}/u, rtl: false },
];

export interface LoadedFace {
  readonly face: StampFace;
  readonly bytes: Uint8Array;
  readonly font: fontkit.Font;
}

const loading = new Map<StampFace, Promise<LoadedFace>>();
const parsedFonts = new WeakMap<Uint8Array, fontkit.Font>();

async function readFace(face: StampFace): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(new URL(`./fonts/${face.file}`, import.meta.url)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let path: string;
  try {
    // The packages export only their JS entry (dist/…); the fonts sit beside dist/.
    path = join(dirname(createRequire(import.meta.url).resolve(face.pkg)), '..', 'fonts', face.file);
  } catch (error) {
    throw new Error(`Stamp font ${face.file} is missing: install ${face.pkg}, or run bundle-fonts before deploying the download function`, { cause: error });
  }
  return new Uint8Array(await readFile(path));
}

function parse(bytes: Uint8Array): fontkit.Font {
  let font = parsedFonts.get(bytes);
  if (!font) {
    font = fontkit.create(bytes as Buffer) as fontkit.Font;
    // pdf-lib (1.17) reads a subset as a stream; fontkit 2 encodes it in one go. @pdf-lib/fontkit,
    // pdf-lib's own fork of fontkit 1, writes broken glyph tables for Noto (glyphs go missing).
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as fontkit.Subset & { encodeStream?: () => Readable };
      subset.encodeStream = () => Readable.from([subset.encode()]);
      return subset;
    };
    // pdf-lib lays out the same run for every page (to measure and to draw it): 40 A0 sheets
    // would shape a Cyrillic line ~200 times (~1 ms each). Keep the last few layouts.
    const layout = font.layout.bind(font);
    const recent = new Map<string, fontkit.GlyphRun>();
    font.layout = ((text: string, features?: never) => {
      const key = `${text}\u0000${JSON.stringify(features ?? null)}`;
      let run = recent.get(key);
      if (!run) {
        run = layout(text, features);
        if (recent.size >= 32) recent.delete(recent.keys().next().value!);
        recent.set(key, run);
      }
      return run;
    }) as typeof font.layout;
    parsedFonts.set(bytes, font);
  }
  return font;
}

type PdfLibFont = ReturnType<PdfLibFontkit['create']>;
/** What pdf-lib calls on an embedded font (CustomFontEmbedder, CustomFontSubsetEmbedder). */
const PDF_LIB_FONT_METHODS = ['layout', 'createSubset', 'glyphForCodePoint', 'hasGlyphForCodePoint', 'glyphsForString', 'getGlyph'] as const;
/**
 * fontkit 2's fonts are the fonts pdf-lib embeds, but the two packages type them apart (pdf-lib's
 * copy of fontkit 1's types has `head`, `post` and `cff`, which @types/fontkit leaves out, and a
 * string `version`): the font is checked for what pdf-lib reads rather than cast.
 */
function isPdfLibFont(font: unknown): font is PdfLibFont {
  if (typeof font !== 'object' || font === null) return false;
  const f = font as Record<string, unknown> & { head?: { macStyle?: { italic?: unknown } }; post?: { isFixedPitch?: unknown } };
  return (
    PDF_LIB_FONT_METHODS.every((m) => typeof f[m] === 'function') &&
    typeof f.unitsPerEm === 'number' &&
    // post's isFixedPitch is fontkit's uint32 (pdf-lib types it boolean and reads it as a flag)
    typeof f.head?.macStyle?.italic === 'boolean' &&
    ['number', 'boolean'].includes(typeof f.post?.isFixedPitch)
  );
}

/** fontkit 2 for `PDFDocument.registerFontkit`: parses each face's bytes once per process. */
export const stampFontkit: PdfLibFontkit = {
  create: (bytes: Uint8Array) => {
    const font: unknown = parse(bytes);
    if (!isPdfLibFont(font)) throw new Error('fontkit parsed this face without what pdf-lib needs to embed it (layout, subsets, head and post tables)');
    return font;
  },
};

/** The face's bytes and parsed font, read once per process. */
export function loadFace(face: StampFace): Promise<LoadedFace> {
  let promise = loading.get(face);
  if (!promise) {
    promise = readFace(face).then((bytes) => ({ face, bytes, font: parse(bytes) }));
    loading.set(face, promise);
    promise.catch(() => loading.delete(face));
  }
  return promise;
}

export interface FaceRun {
  text: string;
  face: LoadedFace;
}

// Spaces, punctuation and symbols go with the run they are in; digits are always drawn
// left to right in the base face (a number inside an Arabic run would be reversed).
const NEUTRAL = /^[\p{Z}\p{P}\p{S}]$/u;
const MARK = /^\p{M}$/u;
const DIGIT = /^[0-9]$/;

/**
 * Splits `text` into runs of one face each, in reading (logical) order. A letter goes to the
 * first face of the chain that has it, staying in the current non-Latin face when that has it
 * too (a hanja in a Korean name keeps the Korean face); anything no face has becomes "?".
 * Spaces and punctuation at the end of a right-to-left run move to the left-to-right face, so
 * "فاطمة · Order" keeps the dot on the Latin side. The line's base direction is left to right.
 */
export async function splitIntoRuns(text: string): Promise<FaceRun[]> {
  const base = await loadFace(STAMP_FACES[0]!);
  const runs: FaceRun[] = [];
  let current: LoadedFace | undefined;

  const has = (face: LoadedFace, char: string) => face.font.hasGlyphForCodePoint(char.codePointAt(0)!);
  const push = (char: string, face: LoadedFace) => {
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ text: char, face });
    current = face;
  };

  for (const char of text) {
    if (DIGIT.test(char)) {
      push(char, base);
    } else if (NEUTRAL.test(char) || MARK.test(char)) {
      if (current && has(current, char)) push(char, current);
      else if (has(base, char)) push(char, base);
      else {
        const face = await firstFaceWith(char);
        push(face ? char : '?', face ?? base);
      }
    } else if (has(base, char)) {
      push(char, base);
    } else if (current && current !== base && has(current, char)) {
      push(char, current);
    } else {
      const face = await firstFaceWith(char);
      push(face ? char : '?', face ?? base);
    }
  }

  // Trailing spaces and punctuation of a right-to-left run belong to the left-to-right line.
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (!run.face.face.rtl) continue;
    const trailing = /[\p{Z}\p{P}\p{S}]+$/u.exec(run.text)?.[0];
    if (!trailing || trailing === run.text || ![...trailing].every((c) => has(base, c))) continue;
    run.text = run.text.slice(0, -trailing.length);
    const next = runs[i + 1];
    if (next && next.face === base) next.text = trailing + next.text;
    else runs.splice(i + 1, 0, { text: trailing, face: base });
  }
  return runs;
}

async function firstFaceWith(char: string): Promise<LoadedFace | undefined> {
  const code = char.codePointAt(0)!;
  const forScript = STAMP_FACES.filter((face) => face.scripts.test(char));
  for (const face of [...forScript, ...STAMP_FACES.filter((face) => !forScript.includes(face))]) {
    const loaded = await loadFace(face);
    if (loaded.font.hasGlyphForCodePoint(code)) return loaded;
  }
  return undefined;
}
