import '../zodNoEval.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldValues, type Path, type PathValue, type Resolver, type UseFormReturn, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/v4/core';
import { flatErrors } from './flatErrors.ts';
import { serverMessage, type UserFacingError } from '../errors.ts';
import type { SummaryItem } from './ErrorSummary.tsx';

/** A zod schema whose input is a form's values (one property per field). */
export type FormSchema = z.$ZodType<unknown, FieldValues>;
/** A form's values before the check: a text field may hold any text, an unchosen option ''. */
type In<S extends FormSchema> = { [K in keyof z.input<S>]: z.input<S>[K] extends string ? string : z.input<S>[K] };
type Name<V extends FieldValues> = Path<V> & keyof V & string;

export interface ZodForm<S extends FormSchema, V extends FieldValues = In<S>> {
  /** react-hook-form itself, for what the helpers below do not cover. */
  rhf: UseFormReturn<V, unknown, z.output<S>>;
  /** What the person typed, read while rendering (re-renders on each change). */
  values: V;
  /** The schema's message per field, from the last submit (or `invalid`). */
  errors: Partial<Record<Name<V>, string>>;
  /** A problem of the whole form (server answer, network). */
  formError: UserFacingError | null;
  /** The submit action is running: the submit button shows busy and is disabled. */
  busy: boolean;
  /** Increments on each failed submit: the error summary takes focus again. */
  attempt: number;
  /** Registers a text control with the form in one spread: name, ref, onChange, onBlur and its error. */
  field: (name: Name<V>) => UseFormRegisterReturn<Name<V>> & { error: string | undefined };
  setValue: <N extends Name<V>>(name: N, value: PathValue<V, N>) => void;
  summary: (ids: Partial<Record<Name<V>, string>>) => SummaryItem[];
  /** The form's onSubmit: the schema's check, then `action` with the parsed values, one at a time. */
  onSubmit: (action: (parsed: z.output<S>) => Promise<void>) => (event?: FormEvent) => void;
  fail: (error: unknown) => void;
  /** Marks one field wrong outside the schema (e.g. a secondary button that needs the email). */
  invalid: (name: Name<V>, message: string) => void;
}

/**
 * How every form of the house behaves: checked on submit (and again only on the next submit, so a
 * message stays until the person asks to go on), the error summary, not the field, takes focus.
 */
export const FORM_BEHAVIOUR = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/**
 * zodResolver over a shared schema, for a form that calls react-hook-form's useForm itself.
 * `prepare` maps the values before the check (e.g. clears fields hidden for the choice made).
 */
export function schemaResolver<V extends FieldValues, O>(schema: z.$ZodType<O, unknown>, prepare?: (values: V) => unknown): Resolver<V, unknown, O> {
  // zodResolver's overloads follow zod's types; the schema's input is the (prepared) form values.
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, O>;
  return (values, context, options) =>
    resolve((prepare ? prepare(values) : values) as FieldValues, context, options as never) as ReturnType<Resolver<V, unknown, O>>;
}

/**
 * One form: react-hook-form holds what the person typed (never cleared on an error) and checks it
 * with the shared zod schema through zodResolver (the same schema the database's rules mirror),
 * on submit only, as the messages say what to fix once the person asks to go on. Around it: one
 * submission at a time, the server's answer as a form-level error, and the summary's focus counter.
 * `defaultValues` may name a field the schema does not check (a file's error, set with `invalid`).
 */
export function useZodForm<S extends FormSchema, V extends In<S> = In<S>>(
  schema: S,
  defaultValues: V,
  /** 'summary': the error summary takes focus (the default); 'field': the first wrong field does, for a form without a summary. */
  { focus = 'summary' }: { focus?: 'summary' | 'field' } = {},
): ZodForm<S, V> {
  const rhf = useForm<V, unknown, z.output<S>>({
    resolver: schemaResolver<V, z.output<S>>(schema as z.$ZodType<z.output<S>, unknown>),
    defaultValues: defaultValues as never,
    ...FORM_BEHAVIOUR,
    shouldFocusError: focus === 'field',
  });
  const [formError, setFormError] = useState<UserFacingError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);
  const values = rhf.watch();
  const errors = flatErrors(rhf.formState.errors) as Partial<Record<Name<V>, string>>;

  const fail = (error: unknown) => {
    setFormError(serverMessage(error));
    setAttempt((n) => n + 1);
  };

  return {
    rhf,
    values,
    errors,
    formError,
    busy: rhf.formState.isSubmitting,
    attempt,
    field: (name) => ({ ...rhf.register(name), error: errors[name] }),
    setValue: (name, value) => rhf.setValue(name, value),
    summary: (ids) => {
      const items: SummaryItem[] = [];
      for (const [name, id] of Object.entries(ids) as Array<[Name<V>, string]>) {
        const message = errors[name];
        if (message) items.push({ fieldId: id, message });
      }
      if (formError) items.push({ message: formError.message });
      return items;
    },
    onSubmit: (action) => (event) => {
      event?.preventDefault();
      if (running.current) return; // a second click or Enter while the first is in flight
      running.current = true;
      rhf
        .handleSubmit(
          async (parsed) => {
            setFormError(null);
            try {
              await action(parsed);
            } catch (error) {
              fail(error);
            }
          },
          () => {
            setFormError(null);
            setAttempt((n) => n + 1);
          },
        )(event)
        .catch(fail)
        .finally(() => {
          running.current = false;
        });
    },
    fail,
    invalid: (name, message) => {
      rhf.clearErrors();
      rhf.setError(name, { type: 'manual', message });
      setFormError(null);
      setAttempt((n) => n + 1);
    },
  };
}
