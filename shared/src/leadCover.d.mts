export const AFTER_PAINT_HINTS_ID: string;
export const COVER_SLOT_ATTRIBUTE: string;
