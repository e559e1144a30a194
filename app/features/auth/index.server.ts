/**
 * The auth feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { countSignInAttempt, createUserRecord, type CurrentUser, getAuthenticator, hasPassword, loginWithPassword, NO_PASSWORD, registerUser, type RequestMeta, toCurrentUser, verifyCurrentPassword } from "./auth.server";
export { pendingEmailOf, requestEmailChange } from "./email-change.server";
export { voidTokens } from "./email-tokens.server";
export { resendVerificationEmail, sendVerificationEmail, verifyEmail } from "./email-verification.server";
export { getOptionalUser, getOptionalUserWithShellCounts, requireApiPermission, requireApiUser, requirePagePermission, requireUser, userCan } from "./guards.server";
export { logout } from "./logout.server";
export { isResetTokenUsable, requestPasswordReset, RESET_LINK_INVALID, resetPassword, sendPasswordChangedNotice, sendResetLinkAsAdmin } from "./password-reset.server";
export { hashPassword } from "./password.server";
export { changeEmailSchema, changePasswordFormSchema, changePasswordSchema, deleteAccountSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordFormSchema, setPasswordFormSchema, setPasswordSchema, usernameField } from "./schemas";
export { findUserByEmail, findUserById } from "./user-lookup.server";
export { assertUsernameAvailable, findUserByUsername, generateUsername } from "./usernames.server";
