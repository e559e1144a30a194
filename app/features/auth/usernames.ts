/**
 * Usernames: 3–20 of a–z, 0–9 and _, unique, used for @mentions and /u/:username
 * (docs/discussions.md, "Mentions"). Pure rules, shared by the server and the profile form.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = "[a-z0-9_]{3,20}";
export const USERNAME_RULE = "Usernames are 3–20 characters: lowercase letters, digits and _.";

const usernameRegex = new RegExp(`^${USERNAME_PATTERN}$`);

/** Whether a text is a well-formed username. */
export function isValidUsername(value: string): boolean {
  return usernameRegex.test(value);
}

/**
 * The username a display name suggests: accents dropped, lowercase, spaces, dots and dashes
 * as _, other characters left out, at most 16 characters (room for a number), 'member' when
 * fewer than 3 remain. The database migration 0008 follows nearly the same rule for existing members (SQL keeps no accents: it drops them).
 */
export function usernameBaseOf(displayName: string): string {
  const ascii = displayName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const base = ascii
    .replace(/[\s.-]+/g, "_")
    .replace(/[^a-z0-9_]/g, "")
    .replace(/_+/g, "_")
    .replace(/^_+/, "")
    .slice(0, 16)
    .replace(/_+$/, "");
  if (base.length >= USERNAME_MIN) return base;
  return base ? `member_${base}` : "member";
}

/** The first of base, base2, base3… that `isTaken` refuses (the number replaces the end when needed). */
export function pickUsername(displayName: string, isTaken: (candidate: string) => boolean): string {
  const base = usernameBaseOf(displayName);
  if (!isTaken(base)) return base;
  for (let number = 2; ; number += 1) {
    const suffix = String(number);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
