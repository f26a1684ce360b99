// The account export, built where it fits: the export function answers a plan (the
// account's data and the owned patterns, contracts/export.ts); this module fetches each pattern
// from /download — a stamped copy, recorded and counted against the hourly download limit
// there — a few at a time, and streams them into a ZIP with client-zip (no compression: PDFs
// are compressed already), so no function call ever holds more than one pattern. A pattern
// /download refuses (limit reached, no file, damaged) is left out with the reason, in
// stitchhouse-account.json's patterns_not_included. Used by mf-account's export screen, by the
// backend tests and by bench/functions/export.ts, each with its own way to call a function.
import { downloadZip } from 'client-zip';
import { downloadError } from '../contracts/download.ts';
import { readFunctionError, type FunctionErrorBody } from '../contracts/functionError.ts';
import { exportMailed, exportPlan, type ExportMailed, type ExportPattern, type ExportPlan, type NotIncluded } from '../contracts/export.ts';
import { sharedText } from '../formatLocale.ts';
import { afterRefusal } from '../server/refusals.ts';
import { serverWords } from '../server/words.ts';

// The export's words (README.txt, why a pattern was left out, why it stopped) are in the page's
// language; the functions' own words are said in it too (serverWords). Without a page (the backend
// tests, the bench) they are English.
const said = (words: string) => serverWords(words) ?? words;

/** A function's refusal as the functions answer it ({ error: { code, message, details } }), with the HTTP status. */
export interface CallRefusal {
  code: string;
  message: string;
  status: number;
  details: FunctionErrorBody['details'];
}

/**
 * How the export reaches the functions as the signed-in member. A refusal rejects with a
 * CallRefusal (mf-account's FunctionCallError from streamingFetch.ts is one); a network failure
 * with status 0.
 */
export interface ExportTransport {
  /** POST /export with `body`: its JSON answer. */
  exportCall(body: unknown): Promise<unknown>;
  /** POST /download {pattern_id, format}: the stamped PDF. */
  download(pattern: Pick<ExportPattern, 'pattern_id' | 'format'>, signal: AbortSignal): Promise<Blob>;
}

/** The export stopped (signed out, second factor needed, connection lost, the function failed). */
export class ExportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExportFailure';
  }
}

const isRefusal = (err: unknown): err is CallRefusal =>
  typeof err === 'object' && err !== null && typeof (err as CallRefusal).code === 'string' && typeof (err as CallRefusal).status === 'number';

/**
 * A transport from a base URL, the anon key and the member's token (tests, the bench, any
 * caller that holds a token): plain fetch, refusals read as the one error shape.
 */
export function tokenTransport(supabaseUrl: string, anonKey: string, token: () => string | Promise<string>): ExportTransport {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`;
  const post = async (name: string, body: unknown, signal?: AbortSignal) => {
    let res: Response;
    try {
      res = await fetch(`${base}/${name}`, {
        method: 'POST',
        body: JSON.stringify(body),
        signal,
        headers: { apikey: anonKey, authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw {
        code: 'network',
        message: sharedText(/*i18n*/ 'shared.export.unreachable', 'We could not reach Stitchhouse. Check your connection and try again.'),
        status: 0,
        details: null,
      } satisfies CallRefusal;
    }
    if (!res.ok) await afterRefusal(res); // the server's words, loaded for `said`
    if (!res.ok) throw { ...(await readFunctionError(res)), status: res.status } satisfies CallRefusal;
    return res;
  };
  return {
    exportCall: async (body) => (await post('export', body)).json(),
    download: async (pattern, signal) => (await post('download', { pattern_id: pattern.pattern_id, format: pattern.format }, signal)).blob(),
  };
}

export interface ExportProgress {
  /** patterns fetched or left out so far */
  done: number;
  total: number;
  notIncluded: number;
}

export interface ExportArchive {
  zip: Blob;
  /** patterns in the ZIP */
  included: number;
  notIncluded: NotIncluded[];
}

const stopped = (err: unknown): never => {
  if (isRefusal(err)) throw new ExportFailure(err.code, said(err.message));
  throw err;
};

/** Step 1: the plan (POST /export {}). */
export async function startExport(transport: ExportTransport): Promise<ExportPlan> {
  return exportPlan.parse(await transport.exportCall({}).catch(stopped));
}

/** Step 3, once the ZIP is uploaded to plan.upload: its one-hour link, by email (POST /export {step: "mail"}). */
export async function mailExportLink(
  transport: ExportTransport,
  plan: ExportPlan,
  archive: Pick<ExportArchive, 'included' | 'notIncluded'>,
): Promise<ExportMailed> {
  const body = { step: 'mail', path: plan.upload.path, patterns: archive.included, not_included: archive.notIncluded.length };
  return exportMailed.parse(await transport.exportCall(body).catch(stopped));
}

export const EXPORT_README = (exportedAt: string) =>
  sharedText(
    /*i18n*/ 'shared.export.readme',
    'Your Stitchhouse account, exported {exportedAt}.\n\nstitchhouse-account.json: your profile, roles, orders, library, downloads, store and wholesale application.\npatterns/: every pattern you own, stamped for you. Your licence applies to these copies. Each copy counts as a download; patterns_not_included in the JSON says which were left out and why.\n',
    { exportedAt },
  );

type Fetched = { pattern: ExportPattern; blob: Blob } | { pattern: ExportPattern; left: NotIncluded };

const TRANSIENT = new Set([500, 502, 503, 504, 546]); // 546: hosted's WORKER_LIMIT
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** One pattern from /download: its stamped copy, or why it is left out; throws when the export must stop. */
async function fetchPattern(transport: ExportTransport, pattern: ExportPattern, signal: AbortSignal, retries: number): Promise<Fetched> {
  const left = (code: NotIncluded['code'], reason: string): Fetched => ({
    pattern,
    left: { pattern_id: pattern.pattern_id, title: pattern.title, code, reason },
  });
  for (let attempt = 0; ; attempt++) {
    let refusal: CallRefusal;
    try {
      return { pattern, blob: await transport.download(pattern, signal) };
    } catch (err) {
      if (signal.aborted || !isRefusal(err)) throw err;
      refusal = err;
    }
    // the connection or the server failed (hosted answers 546 when a worker hit its limits): try again
    if ((refusal.status === 0 || TRANSIENT.has(refusal.status)) && attempt < retries) {
      await wait(500 * 2 ** attempt, signal);
      continue;
    }
    if (refusal.status === 0)
      throw new ExportFailure(
        'network',
        sharedText(/*i18n*/ 'shared.export.dropped', 'The connection dropped while your patterns were being fetched. Please try again.'),
      );
    if (refusal.status === 401) throw new ExportFailure(refusal.code, said(refusal.message));
    // the download contract's codes; anything else (a proxy's page, a drifted answer) leaves the pattern out
    const parsed = downloadError.safeParse({ error: { code: refusal.code, message: refusal.message, details: refusal.details } });
    const later = (message: string) => sharedText(/*i18n*/ 'shared.export.later', '{message} Export again later to include it.', { message: said(message) });
    if (!parsed.success) return left('unavailable', later(refusal.message));
    const { error } = parsed.data;
    switch (error.code) {
      case 'not_signed_in':
      case 'aal2_required':
        throw new ExportFailure(error.code, said(error.message));
      case 'rate_limited': {
        const minutes = error.details.retry_after_minutes;
        const english = `{message}: this copy is not in the export. Try again in {minutes} minute${minutes === 1 ? '' : 's'}; your purchase stays in your library.`;
        return left('rate_limited', sharedText(/*i18n*/ 'shared.export.rateLimited', english, { message: said(error.message).replace(/\.$/, ''), minutes }));
      }
      case 'file_missing':
      case 'file_damaged':
        return left(error.code, said(error.message));
      case 'not_owned':
        return left('not_available', said(error.message));
      default:
        return left('unavailable', later(error.message));
    }
  }
}

/**
 * Step 2: the ZIP — README.txt, patterns/… (each fetched from /download, `concurrency` at a
 * time, in the plan's order) and stitchhouse-account.json with what was left out and why.
 */
export async function buildExportArchive(
  plan: ExportPlan,
  transport: ExportTransport,
  options: {
    concurrency?: number;
    retries?: number;
    onProgress?: (progress: ExportProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<ExportArchive> {
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const stop = new AbortController();
  options.signal?.addEventListener('abort', () => stop.abort(options.signal?.reason), { once: true });
  const lastModified = new Date(plan.exported_at);
  const notIncluded: NotIncluded[] = plan.not_included.map((left) => ({ ...left, reason: said(left.reason) }));
  const total = plan.patterns.length;
  let done = 0;
  let included = 0;
  options.onProgress?.({ done, total, notIncluded: notIncluded.length });

  async function* entries() {
    yield { name: 'README.txt', input: EXPORT_README(plan.exported_at), lastModified };
    const inFlight: Array<Promise<Fetched>> = [];
    let next = 0;
    const launch = () => {
      if (next >= total) return;
      const started = fetchPattern(transport, plan.patterns[next++]!, stop.signal, options.retries ?? 3);
      started.catch(() => undefined); // awaited in order below; a later one failing early must not go unhandled
      inFlight.push(started);
    };
    try {
      for (let i = 0; i < concurrency; i++) launch();
      while (inFlight.length) {
        const fetched = await inFlight.shift()!;
        launch();
        done++;
        if ('blob' in fetched) {
          included++;
          options.onProgress?.({ done, total, notIncluded: notIncluded.length });
          yield { name: fetched.pattern.file, input: fetched.blob, lastModified };
        } else {
          notIncluded.push(fetched.left);
          options.onProgress?.({ done, total, notIncluded: notIncluded.length });
        }
      }
    } finally {
      if (done < total) stop.abort(); // stopped early: cancel the downloads still under way
    }
    const account = { exported_at: plan.exported_at, email: plan.email, ...plan.account, patterns_not_included: notIncluded };
    yield { name: 'stitchhouse-account.json', input: JSON.stringify(account, null, 2), lastModified };
  }

  const zip = await downloadZip(entries()).blob();
  return { zip: zip.type === 'application/zip' ? zip : new Blob([zip], { type: 'application/zip' }), included, notIncluded };
}
