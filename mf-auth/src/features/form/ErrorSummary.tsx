// The platform's error summary (shared with the account screens).
export { ErrorSummary, type ErrorSummaryProps, type SummaryItem } from '@stitchhouse/shared/form/index.ts';
