/** The messages said through `sharedText` with a literal id and English (scripts/shared-text.mjs). */
export function sharedTextMessages(root: string): Map<string, { calls: { english: string; where: string }[]; onlyThere: boolean }>;
