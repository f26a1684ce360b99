import type { BodyMeasurement } from '@stitchhouse/shared/catalog/sizing.ts';

/** Message ids of the body measurements' names ("Bust", "Brust"): `i18n._(MEASUREMENT_NAMES[m])`. */
export const MEASUREMENT_NAMES: Record<BodyMeasurement, string> = {
  bust: /*i18n*/ 'catalog.common.measurement.bust',
  waist: /*i18n*/ 'catalog.common.measurement.waist',
  hip: /*i18n*/ 'catalog.common.measurement.hip',
};
