// Where this device keeps what a person typed into "fits me", without zod: a page checks
// whether there is anything remembered before loading the form's parser (rememberedFit.ts).
export const FIT_STORAGE_KEY = 'stitchhouse.fitsMe';

/** An empty "fits me" form (the shape rememberedFit.ts checks with zod). */
export const EMPTY_FIT_FORM: { unit: 'cm' | 'in'; bust: string; waist: string; hip: string } = { unit: 'cm', bust: '', waist: '', hip: '' };

/** Whether this device remembers a "fits me" form (without reading it: that needs the parser). */
export function remembersFit(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(FIT_STORAGE_KEY) !== null;
  } catch {
    return false; // blocked storage: nothing remembered
  }
}
