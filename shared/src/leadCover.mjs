// @ts-check
// A landing page's lead cover, painted by the shell before the remote's screen has loaded.
// The page's server (scripts/route-hints.mjs) marks the cover's preload with the slot it is shown in
// and holds the runtime's and the screen's hints in an inert template; the shell's skeleton shows
// the cover, then turns the template into preloads and starts the remote
// (shell/src/features/layout/leadCover.ts).

/** The `<template>` holding the hints the shell adds once the lead cover has painted. */
export const AFTER_PAINT_HINTS_ID = 'stitchhouse-after-paint';

/** The attribute of the lead cover's `<link rel="preload" as="image">` naming its slot (COVER_SLOTS). */
export const COVER_SLOT_ATTRIBUTE = 'data-cover-slot';
