// The page's fetch for the backend (supabase-js, the anon REST client, streamed function calls):
// a refusal (any answer that is not ok) resolves only once the server's words are loaded in the
// page's language (words.ts), so the screen that describes it (errors.ts) words it in that
// language at once. Nothing else is imported before a refusal: the words stay off the first scripts.

/** Waits for the server's words after an answer that is not ok; never fails the request. */
export async function afterRefusal(response: Response): Promise<Response> {
  if (!response.ok) await import('./words.ts').then((words) => words.loadServerWords()).catch(() => undefined);
  return response;
}

/** `fetch` (or `base`) that loads the server's words with the first refusal before it resolves. */
export function fetchWithServerWords(base?: typeof fetch): typeof fetch {
  return (input, init) => (base ?? fetch)(input, init).then(afterRefusal);
}
