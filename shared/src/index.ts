/// <reference path="./ui/css-modules.d.ts" />
// The platform surface every app imports from '@stitchhouse/shared' (a Module
// Federation singleton: one config, one Supabase client, one session per page).
// UI primitives, brand, pricing and catalog maths are imported by subpath
// ('@stitchhouse/shared/ui/index.ts', …) so they stay out of this chunk.
export * from './routes.ts';
export * from './config.ts';
export * from './deployment.ts';
export * from './supabase.ts';
export * from './errors.ts';
export * from './session.ts';
