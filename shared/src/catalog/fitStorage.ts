// Where this device keeps what a person typed into "fits me", without zod: a page checks
// whether there is anything remembered before loading the form's parser (rememberedFit.ts).
export const FIT_STORAGE_KEY = 'stitchhouse.fitsMe';
