/** The e-mail the e2e server is started with as ADMIN_EMAIL: an account registered with it is an admin. */
export const ADMIN_EMAIL = "admin-e2e@example.com";
