/**
 * Usernames: 3–20 of a–z, 0–9 and _, unique, used for @mentions and /u/:username
 * (docs/discussions.md, "Mentions"), and none that passes for staff or the site itself (reserved
 * names: docs/accounts.md, "Reserved usernames"). Pure rules, shared by the server and the forms.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = "[a-z0-9_]{3,20}";
export const USERNAME_RULE = "Usernames are 3–20 characters: lowercase letters, digits and _.";

const usernameRegex = new RegExp(`^${USERNAME_PATTERN}$`);

export const USERNAME_RESERVED = "That username is reserved. Please choose another.";
export const USERNAME_TAKEN = "That username is taken. Please choose another.";

/**
 * Names that pass for the site, its staff or a system address, or that tooling reads as nothing.
 * Compared by `usernameKey` (case, `-`, `_`, `.` and trailing digits ignored), so `Ad_min`,
 * `mod.2` and `SUPPORT-1` are reserved too. The community's name joins them on the server.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  "admin", "administrator", "moderator", "mod", "mods", "staff", "support", "system", "sysadmin", "root", "superuser",
  "quads", "owner", "official", "team", "webmaster", "hostmaster", "postmaster", "mailer_daemon", "abuse", "security",
  "help", "helpdesk", "info", "contact", "noreply", "no_reply", "everyone", "here", "all", "channel",
  "null", "undefined", "nil", "none", "anonymous", "deleted", "api", "www", "mail", "bot",
];

/** The form names are compared in: lowercase, without separators (`-`, `_`, `.`, spaces) and trailing digits. */
export function usernameKey(value: string): string {
  return value.toLowerCase().replace(/[-_.\s]+/g, "").replace(/\d+$/, "");
}

/** Whether a username is reserved: one of RESERVED_USERNAMES or `extraNames` (the community's name), compared by `usernameKey`. */
export function isReservedUsername(username: string, extraNames: readonly string[] = []): boolean {
  const key = usernameKey(username);
  return key !== "" && [...RESERVED_USERNAMES, ...extraNames].some((name) => usernameKey(name) === key);
}

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

/**
 * The first of base, base2, base3… that `isTaken` refuses (the number replaces the end when
 * needed); a reserved base (`isReserved`) becomes member_<base> ('Admin' → 'member_admin').
 */
export function pickUsername(displayName: string, isTaken: (candidate: string) => boolean, isReserved: (candidate: string) => boolean = isReservedUsername): string {
  const suggested = usernameBaseOf(displayName);
  const base = isReserved(suggested) ? `member_${suggested.slice(0, 9)}` : suggested;
  if (!isTaken(base)) return base;
  for (let number = 2; ; number += 1) {
    const suffix = String(number);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
