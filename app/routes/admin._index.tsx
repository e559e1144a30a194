import { redirect } from "@remix-run/node";

/** /admin opens the first tab (the parent route has already checked admin rights). */
export const loader = () => redirect("/admin/users");
