import { parseBodyMeasurements } from '@stitchhouse/shared/catalog/schemas.ts';
import type { BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { loadFitForm, type FitForm } from './remembered.ts';

/** What this device remembers from "fits me", in cm; null when nothing usable is remembered. */
export function rememberedMeasurements(remembered: FitForm | null = loadFitForm()): BodyMeasurementsCm | null {
  if (!remembered) return null;
  const parsed = parseBodyMeasurements(remembered);
  return parsed.ok ? parsed.value : null;
}
