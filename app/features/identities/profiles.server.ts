/**
 * What Quads takes from a provider's answer: the person's stable id there, their e-mail and
 * whether the provider verified it, their names and login (docs/accounts.md, "Sign-in with
 * external identities"). Pure functions over the providers' documented responses, so each is
 * unit-tested with recorded answers (profiles.server.test.ts; decision 0112). No picture or URL
 * of the provider is kept.
 */
import type { ProviderId } from "./providers";

export type ExternalProfile = {
  provider: ProviderId;
  /** The provider's stable id of the person (never their e-mail, which can change). */
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  /** Whether the provider says it verified `email`. */
  isEmailVerified: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  /** Their login at the provider (GitHub's login, Discord's username, preferred_username): the base of their username here. */
  login: string | null;
};

const NAME_MAX = 100;

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const idText = (value: unknown): string | null => (typeof value === "number" ? String(value) : text(value));
const lowerEmail = (value: unknown): string | null => {
  const email = text(value);
  return email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null;
};
const cut = (value: string) => value.slice(0, NAME_MAX);

/** First and last names from the parts a provider gives, else from its full name split at the first space, else the login. */
function namesOf({ given, family, full, login }: { given: string | null; family: string | null; full: string | null; login: string | null }) {
  const [head, ...rest] = (full ?? "").split(/\s+/).filter(Boolean);
  const firstName = given ?? head ?? login ?? "Member";
  const lastName = family ?? (given ? "" : rest.join(" "));
  const displayName = full ?? ([given, family].filter(Boolean).join(" ") || login || firstName);
  return { firstName: cut(firstName), lastName: cut(lastName), displayName: cut(displayName) };
}

function requireSubject(value: unknown, provider: ProviderId): string {
  const subject = idText(value);
  if (!subject) throw new Error(`The ${provider} profile has no id.`);
  return subject;
}

/** GitHub (plain OAuth 2): GET /user and GET /user/emails; the e-mail is the primary verified one, else any verified one. */
export function githubProfile(user: Json, emails: unknown): ExternalProfile {
  const list = Array.isArray(emails) ? (emails as Json[]) : [];
  const verified = list.filter((entry) => entry.verified === true && lowerEmail(entry.email));
  const chosen = verified.find((entry) => entry.primary === true) ?? verified[0];
  const login = text(user.login);
  const email = chosen ? lowerEmail(chosen.email) : lowerEmail(user.email);
  return {
    provider: "github",
    subject: requireSubject(user.id, "github"),
    email,
    isEmailVerified: Boolean(chosen),
    ...namesOf({ given: null, family: null, full: text(user.name), login }),
    login,
  };
}

/** Discord (OAuth 2, scopes `identify email`): GET /users/@me; `verified` says whether the e-mail is verified. */
export function discordProfile(user: Json): ExternalProfile {
  const login = text(user.username);
  const email = lowerEmail(user.email);
  return {
    provider: "discord",
    subject: requireSubject(user.id, "discord"),
    email,
    isEmailVerified: Boolean(email) && user.verified === true,
    ...namesOf({ given: null, family: null, full: text(user.global_name), login }),
    login,
  };
}

/**
 * Google and any OpenID Connect provider: the ID token's claims, completed by the UserInfo
 * answer (the ID token's `sub` wins; some providers send `email_verified` as the text "true").
 */
export function openIdProfile(provider: ProviderId, claims: Json, userInfo: Json = {}): ExternalProfile {
  const merged: Json = { ...userInfo, ...Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined && value !== null)) };
  const email = lowerEmail(merged.email);
  const verified = merged.email_verified === true || merged.email_verified === "true";
  const login = text(merged.preferred_username) ?? text(merged.nickname) ?? (email ? email.split("@")[0] : null);
  return {
    provider,
    subject: requireSubject(claims.sub, provider),
    email,
    isEmailVerified: Boolean(email) && verified,
    ...namesOf({ given: text(merged.given_name), family: text(merged.family_name), full: text(merged.name), login }),
    login,
  };
}
