// Moved to @stitchhouse/shared/catalog/labels.ts (one vocabulary for every app); this re-export
// serves the files still being edited this session and goes when they import shared.
export { difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
