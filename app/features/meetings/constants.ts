/** The meeting form's bounds, zod-free so the browser's form can show them (schemas.ts re-exports them). */
export const MIN_DURATION = 15;
export const MAX_DURATION = 480;
export const DEFAULT_DURATION = 60;
export const MAX_REPEAT_WEEKS = 52;
