import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import type { UserFacingError } from '../errors.ts';
import { serverMessage } from './serverMessage.ts';
import { fieldErrors } from '../auth/schemas.ts';
import type { SummaryItem } from './ErrorSummary.tsx';

export type FormValues = Record<string, string>;

export interface Form<V extends FormValues> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  /** A problem of the whole form (server answer, network). */
  formError: UserFacingError | null;
  busy: boolean;
  /** Increments on each failed submit: the error summary takes focus again. */
  attempt: number;
  field: (name: keyof V & string) => { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void };
  setValue: (name: keyof V & string, value: string) => void;
  summary: (ids: Partial<Record<keyof V & string, string>>) => SummaryItem[];
  onSubmit: <S extends z.ZodType>(schema: S, action: (parsed: z.output<S>) => Promise<void>) => (event: FormEvent) => void;
  fail: (error: unknown) => void;
  /** Marks one field wrong outside a submit (e.g. a secondary button that needs the email). */
  invalid: (name: keyof V & string, message: string) => void;
}

/**
 * State of one form: what the person typed (never cleared on an error), the zod check
 * (the same schema the database's rules mirror), one submission at a time, and the
 * errors to announce. Used by the access screens and the account screens.
 */
export function useForm<V extends FormValues>(initial: V): Form<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Form<V>['errors']>({});
  const [formError, setFormError] = useState<UserFacingError | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const fail = useCallback((error: unknown) => {
    setFormError(serverMessage(error));
    setAttempt((n) => n + 1);
  }, []);

  const onSubmit: Form<V>['onSubmit'] = (schema, action) => (event) => {
    event.preventDefault();
    if (running.current) return; // a second click or Enter while the first is in flight
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFormError(null);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    running.current = true;
    setBusy(true);
    action(parsed.data)
      .catch(fail)
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  };

  return {
    values,
    errors,
    formError,
    busy,
    attempt,
    field: (name) => ({ name, value: values[name] ?? '', onChange: (e) => setValue(name, e.target.value) }),
    setValue,
    summary: (ids) => {
      const items: SummaryItem[] = [];
      for (const [name, id] of Object.entries(ids) as Array<[keyof V & string, string]>) {
        const message = errors[name];
        if (message) items.push({ fieldId: id, message });
      }
      if (formError) items.push({ message: formError.message });
      return items;
    },
    onSubmit,
    fail,
    invalid: (name, message) => {
      setErrors({ [name]: message } as Form<V>['errors']);
      setFormError(null);
      setAttempt((n) => n + 1);
    },
  };
}
