// Form state and the error summary, shared by the access and account screens.
// Import from '@stitchhouse/shared/form/index.ts'.
export { useForm, type Form, type FormValues } from './useForm.ts';
export { ErrorSummary, type ErrorSummaryProps, type SummaryItem } from './ErrorSummary.tsx';
export { serverMessage } from './serverMessage.ts';
