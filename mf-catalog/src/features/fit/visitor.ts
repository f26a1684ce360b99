// The visitor's body measurements for a detail page: the ones in the URL (a shared or
// catalog link), else what this device remembers from the "fits me" form. Reading the
// remembered form checks it with zod (rememberedMeasurements.ts): only a device that
// remembers one loads it, so a first visit to a pattern page does not download zod.
import { useEffect, useMemo, useState } from 'react';
import { remembersFit } from '@stitchhouse/shared/catalog/fitStorage.ts';
import type { BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { parseCatalogQuery } from '../shared/urlState.ts';

/** The URL's measurements if it has any, else the remembered ones (already in cm). */
export function visitorMeasurements(params: URLSearchParams, remembered: BodyMeasurementsCm | null): BodyMeasurementsCm | null {
  const fromUrl = parseCatalogQuery(params).fit;
  return Object.keys(fromUrl).length > 0 ? fromUrl : remembered;
}

export function useVisitorMeasurements(params: URLSearchParams): BodyMeasurementsCm | null {
  const [remembered, setRemembered] = useState<BodyMeasurementsCm | null>(null);
  useEffect(() => {
    if (!remembersFit()) return;
    let live = true;
    void import('./rememberedMeasurements.ts').then(({ rememberedMeasurements }) => {
      if (live) setRemembered(rememberedMeasurements());
    });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => visitorMeasurements(params, remembered), [params, remembered]);
}
