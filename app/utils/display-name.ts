/** The display-name fallback rules of docs/members.md, in one place. */
type NameParts = { displayName?: string | null; firstName?: string | null; lastName?: string | null; email?: string | null };

const clean = (value: string | null | undefined) => value?.trim() || "";

/** Entity rule: displayName, else first + last, else first, else e-mail, else 'Community Member'. */
export function displayNameOf(user: NameParts): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  return clean(user.displayName) || (first && last ? `${first} ${last}` : "") || first || clean(user.email) || "Community Member";
}

/** Header rule: display name, else first name, else 'Member'. */
export function headerNameOf(user: NameParts): string {
  return clean(user.displayName) || clean(user.firstName) || "Member";
}

/** Profile rule: display name, else first + last, else first, else 'Quads Member'. */
export function profileNameOf(user: NameParts): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  return clean(user.displayName) || (first && last ? `${first} ${last}` : "") || first || "Quads Member";
}

/** Member-card rule: first and last, else first, else e-mail, else 'Community Member'. */
export function memberCardNameOf(user: NameParts): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  return (first && last ? `${first} ${last}` : "") || first || clean(user.email) || "Community Member";
}

/** The first letter for an avatar placeholder. */
export function initialOf(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}
