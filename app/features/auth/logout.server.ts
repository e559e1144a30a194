import { destroyUserSession } from "~/utils/session.server";

/** Ends the request's session (deletes its row) and returns the Set-Cookie header clearing the cookie. */
export function logout(request: Request): Promise<string> {
  return destroyUserSession(request);
}
