// Where email links may send people back to: the site itself (any port of its host, as GoTrue
// does) or a URL matching a glob of the allow list (`*` stops at . and /, `**` does not).
// Everything is judged on the WHATWG-parsed URL, never on the string: `http://localhost:x@3627734734`
// is a string that starts like an allowed URL but a URL whose host is 216.58.214.206.
import type { BackendConfig } from '../context.ts';

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^./]*';
    else if (ch === '?') re += '[^./]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The parsed target when it may be redirected to, else null. */
function allowedUrl(target: string, config: BackendConfig): URL | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in a redirect target are never legitimate and are how look-alikes are built.
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === new URL(config.siteUrl).hostname) return url;
  // Only the parsed parts are matched: scheme://host[:port] and the path, never the raw string.
  const candidates = [url.origin, `${url.origin}${url.pathname}`];
  const matches = config.redirectAllowList.some((glob) => {
    const re = globToRegExp(glob);
    return candidates.some((candidate) => re.test(candidate));
  });
  return matches ? url : null;
}

export function isRedirectAllowed(target: string, config: BackendConfig): boolean {
  return allowedUrl(target, config) !== null;
}

/** The redirect_to the caller asked for (as parsed, so the checked URL is the one used) when allowed, else the site URL. */
export function resolveRedirect(requested: string | undefined, config: BackendConfig): string {
  const url = requested ? allowedUrl(requested, config) : null;
  return url ? url.href : config.siteUrl;
}
