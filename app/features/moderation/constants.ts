/** Plain values of suspensions shared by the server and the forms (no zod: the browser imports this). */
export const restrictionKinds = ["suspend", "silence"] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

export const suspensionDays = [1, 7, 30] as const;
export type SuspensionDays = (typeof suspensionDays)[number] | null;

/** The form's value for a restriction without an end. */
export const UNTIL_LIFTED = "until-lifted";

export const REASON_MAX_LENGTH = 500;
