// Form state (react-hook-form with the shared zod schemas) and the error summary, shared by
// every remote's forms. Import from '@stitchhouse/shared/form/index.ts'.
export { FORM_BEHAVIOUR, schemaResolver, useZodForm, type ZodForm, type FormSchema } from './useZodForm.ts';
export { ErrorSummary, type ErrorSummaryProps, type SummaryItem } from './ErrorSummary.tsx';
export { flatErrors } from './flatErrors.ts';
export { serverMessage } from '../errors.ts';
