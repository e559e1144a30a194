import type { LoaderFunctionArgs } from "react-router";
import { buildMeetingsFeed, calendarHeaders } from "~/features/meetings/calendar.server";

/** GET /meetings.ics: every upcoming meeting, a calendar feed apps can subscribe to. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(buildMeetingsFeed({ origin: new URL(request.url).origin }), { headers: calendarHeaders("meetings.ics") });
}
