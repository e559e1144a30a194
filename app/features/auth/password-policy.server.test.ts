import { describe, expect, it } from "vitest";
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON, passwordWeakness } from "./password-policy.server";

describe("passwordWeakness", () => {
  it("refuses passwords made only of spaces", () => {
    expect(passwordWeakness("        ")).toBe(PASSWORD_ONLY_SPACES);
    expect(passwordWeakness("\t \t    ")).toBe(PASSWORD_ONLY_SPACES);
  });
  it("refuses the most common and trivially guessable passwords", () => {
    for (const password of ["12345678", "password", "password1", "qwertyuiop", "aaaaaaaa", "iloveyou", "11111111", "abcdefghij", "x".repeat(200)]) {
      expect(passwordWeakness(password), password).toBe(PASSWORD_TOO_COMMON);
    }
  });
  it("accepts ordinary passphrases and long passwords", () => {
    for (const password of ["correct horse battery", "correct-horse-battery", "long-enough-password", "Tr0ub4dor&3x", "a long passphrase ".repeat(20)]) {
      expect(passwordWeakness(password), password).toBeNull();
    }
  });
});
