import { buildMeetingsFeed, calendarHeaders } from "~/features/meetings/index.server";
import { getEnv } from "~/utils/env.server";

/** GET /meetings.ics: every upcoming meeting, a calendar feed apps can subscribe to. */
export async function loader() {
  return new Response(await buildMeetingsFeed({ origin: getEnv().PUBLIC_URL }), { headers: calendarHeaders("meetings.ics") });
}
