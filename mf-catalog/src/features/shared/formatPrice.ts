// Moved to @stitchhouse/shared/money.ts (one price format for every app); this re-export
// serves the files still being edited this session and goes when they import shared.
export { formatPrice } from '@stitchhouse/shared/money.ts';
