import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * react-hook-form's nested errors as one message per dotted path ("title", "sizes.2.bust"), in the
 * order the schema reported them: what a field, a row's cell and the error summary show.
 */
export function flatErrors<V extends FieldValues>(errors: FieldErrors<V>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (path && path !== 'root' && typeof message === 'string' && message) out[path] ??= message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'message' || key === 'type' || key === 'types' || (!path && key === 'root')) continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return out;
}
