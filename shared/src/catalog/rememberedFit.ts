// What a person typed into "fits me" (mf-catalog), remembered on this device so they enter it once.
// Only the raw form values are kept (and validated on the way back in).
import '../zodNoEval.ts';
import * as z from 'zod/mini';
import { EMPTY_FIT_FORM as EMPTY_FIT_FORM_SHAPE, FIT_STORAGE_KEY } from './fitStorage.ts';

export { FIT_STORAGE_KEY };

const rememberedSchema = z.object({
  unit: z.enum(['cm', 'in']),
  bust: z.string().check(z.maxLength(10)),
  waist: z.string().check(z.maxLength(10)),
  hip: z.string().check(z.maxLength(10)),
});

export type FitForm = z.infer<typeof rememberedSchema>;

export const EMPTY_FIT_FORM: FitForm = EMPTY_FIT_FORM_SHAPE;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage (privacy settings): the form still works, it just forgets
  }
}

export function loadFitForm(store: StorageLike | null = storage()): FitForm | null {
  try {
    const raw = store?.getItem(FIT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = rememberedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveFitForm(form: FitForm, store: StorageLike | null = storage()): void {
  try {
    store?.setItem(FIT_STORAGE_KEY, JSON.stringify(form));
  } catch {
    // quota or blocked storage: remembering is a convenience only
  }
}

export function forgetFitForm(store: StorageLike | null = storage()): void {
  try {
    store?.removeItem(FIT_STORAGE_KEY);
  } catch {
    // as above
  }
}
