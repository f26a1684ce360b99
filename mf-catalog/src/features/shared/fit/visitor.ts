// The visitor's body measurements for a detail page: the ones in the URL (a shared or
// catalog link), else what this device remembers from the "fits me" form.
import type { BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { parseBodyMeasurements } from '@stitchhouse/shared/catalog/schemas.ts';
import { parseCatalogQuery } from '../urlState.ts';
import { loadFitForm, type FitForm } from './remembered.ts';

export function visitorMeasurements(params: URLSearchParams, remembered: FitForm | null = loadFitForm()): BodyMeasurementsCm | null {
  const fromUrl = parseCatalogQuery(params).fit;
  if (Object.keys(fromUrl).length > 0) return fromUrl;
  if (!remembered) return null;
  const parsed = parseBodyMeasurements(remembered);
  return parsed.ok ? parsed.value : null;
}
