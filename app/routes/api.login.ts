import { redirect } from "react-router";

/** GET /api/login: the browser's sign-in navigation route; it leads to /login. */
export const loader = () => redirect("/login");
