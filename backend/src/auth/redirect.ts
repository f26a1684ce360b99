// Where email links may send people back to: the site itself (any port of its host, as GoTrue
// does) or a URL matching a glob of the allow list (`*` stops at . and /, `**` does not).
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

export function isRedirectAllowed(target: string, config: BackendConfig): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.hostname === new URL(config.siteUrl).hostname) return true;
  const withoutQuery = `${url.origin}${url.pathname}`;
  return config.redirectAllowList.some((glob) => {
    const re = globToRegExp(glob);
    return re.test(target) || re.test(withoutQuery) || re.test(url.origin);
  });
}

/** The redirect_to the caller asked for when allowed, else the site URL. */
export function resolveRedirect(requested: string | undefined, config: BackendConfig): string {
  if (requested && isRedirectAllowed(requested, config)) return requested;
  return config.siteUrl;
}
