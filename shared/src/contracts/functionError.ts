// Reading the one error shape `{ error: { code, message, details } }` (./envelope.ts declares
// its zod schema) without zod: shared/src/errors.ts and functions.ts are on every page, home
// included, and home downloads no zod (e2e/test/route-hints.test.ts). A plain check of the
// same shape; `contracts/functionError.test.ts` holds it to the schema.

export interface FunctionErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown> | unknown[] | null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The error body of a function's answer, or null when `body` is not the envelope. */
export function functionError(body: unknown): FunctionErrorBody | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  if (!isText(code) || !isText(message)) return null;
  if (details !== null && typeof details !== 'object') return null;
  return { code, message, details: details as FunctionErrorBody['details'] };
}

/** Reads a failed function answer (a fetch Response) into its error body; anything else → server_error. */
export async function readFunctionError(res: Response): Promise<FunctionErrorBody> {
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  return (
    functionError(body) ?? {
      code: res.status === 0 ? 'network' : 'server_error',
      message: 'Something went wrong on our side. Please try again in a moment.',
      details: null,
    }
  );
}
