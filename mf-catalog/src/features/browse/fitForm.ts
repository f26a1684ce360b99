// What "fits me" checks with zod, in one chunk FitsMePanel loads when it first checks something:
// a form this device remembers, or the person's submit. A catalog opened without either (the
// desktop sidebar shows the form at once) downloads no zod.
export { parseBodyMeasurements } from '@stitchhouse/shared/catalog/schemas.ts';
export { forgetFitForm, loadFitForm, saveFitForm } from '../fit/remembered.ts';
