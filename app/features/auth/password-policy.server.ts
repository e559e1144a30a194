/**
 * Which passwords we refuse beyond the length rule (docs/permissions.md, "Passwords"): one made
 * only of spaces, and one an attacker tries first — a common password (zxcvbn-ts' list of the
 * most used passwords) or one the zxcvbn-ts estimator finds trivially guessable (score 0:
 * `aaaaaaaa`, `12345678`, a keyboard row). Registration, reset and change of password use it.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  return factory;
}

export const PASSWORD_ONLY_SPACES = "Password cannot be only spaces";
export const PASSWORD_TOO_COMMON = "This password is too common and easy to guess. Please choose another one.";

/** Why a password is refused, or null when it is acceptable. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  if (password.trim() === "") return PASSWORD_ONLY_SPACES;
  // The estimator's cost grows with length: its first 100 characters tell enough.
  const result = estimator().check(password.slice(0, 100), userInputs.filter(Boolean));
  // One pattern covering the whole password: a listed common password, a repeat (`xxxxxxxx`),
  // a sequence (`abcdefgh`) or a keyboard walk (`qwertyuiop`).
  const [only, ...rest] = result.sequence;
  const isOnePattern =
    rest.length === 0 &&
    only !== undefined &&
    ((only.pattern === "dictionary" && only.dictionaryName === "passwords-common") || ["repeat", "sequence", "spatial"].includes(only.pattern));
  return result.score === 0 || isOnePattern ? PASSWORD_TOO_COMMON : null;
}
