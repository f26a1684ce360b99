// The remembered "fits me" form lives in the platform package: its zod schema then uses the
// page's one zod (the shell's), so /patterns does not download a second zod.
export { EMPTY_FIT_FORM, FIT_STORAGE_KEY, forgetFitForm, loadFitForm, saveFitForm, type FitForm } from '@stitchhouse/shared/catalog/rememberedFit.ts';
