// Calling an Edge function from a page with supabase-js (functions.invoke) and reading its answer:
// a refusal is the functions' one error shape ({ error: { code, message, details } },
// contracts/envelope.ts) thrown as a FunctionCallError with the contract's code; no answer at all
// (offline, a relay error) is code `network`; anything else (a proxy's page) is worded by
// describeError and carries its kind as the code. Streamed answers: streamingFetch.ts.
import { functionError } from './contracts/functionError.ts';
import { describeError } from './errors.ts';
import { FunctionCallError } from './streamingFetch.ts';
import { getSupabase } from './supabase.ts';

export { FunctionCallError };

/** A supabase-js functions error (FunctionsHttpError, FunctionsFetchError, FunctionsRelayError) as a FunctionCallError. */
export async function toFunctionCallError(error: unknown): Promise<FunctionCallError> {
  const failure = error as { name?: string; context?: unknown };
  if (failure?.name === 'FunctionsHttpError' && failure.context instanceof Response) {
    const response = failure.context;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const own = functionError(body);
    if (own) return new FunctionCallError(own.code, own.message, response.status, own.details);
    const described = describeError(body ?? error, response.status);
    return new FunctionCallError(described.kind, described.message, response.status);
  }
  const described = describeError(error, failure?.name === 'FunctionsFetchError' ? 0 : undefined);
  return new FunctionCallError(described.kind, described.message, failure?.name === 'FunctionsFetchError' ? 0 : 500);
}

/** POSTs `body` (JSON) to `/functions/v1/<path>` as the signed-in person (or the visitor); throws FunctionCallError. */
export async function invokeFunction<T>(path: string, body: Record<string, unknown>): Promise<T> {
  let result: { data: unknown; error: unknown };
  try {
    const supabase = await getSupabase();
    result = await supabase.functions.invoke(path, { body });
  } catch (error) {
    throw await toFunctionCallError(error);
  }
  if (result.error) throw await toFunctionCallError(result.error);
  return result.data as T;
}
