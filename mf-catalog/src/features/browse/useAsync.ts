// Moved to shared (the payment screens use it too); kept here so the catalog's imports stay short.
export { useAsync, type AsyncState } from '@stitchhouse/shared/useAsync.ts';
