// A module with no work in it, in the federation runtime's chunk (shared/build/app-config.mjs,
// FEDERATION_START): importing it downloads and runs that chunk's file without evaluating the
// runtime's modules, which `federation()` (remotes.ts) then does in a task of its own.
export {};
