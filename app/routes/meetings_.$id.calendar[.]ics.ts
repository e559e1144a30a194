import type { LoaderFunctionArgs } from "react-router";
import { buildMeetingCalendar, calendarHeaders } from "~/features/meetings/index.server";
import { getEnv } from "~/utils/env.server";
import { handleRefusal } from "~/utils/page-action.server";
import { readIdParam } from "~/utils/http.server";

/** GET /meetings/:id/calendar.ics: one meeting as an iCalendar file ('Add to calendar'). */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleRefusal(
    async () => {
      const id = readIdParam(params.id, "Meeting");
      const body = await buildMeetingCalendar({ id, origin: getEnv().PUBLIC_URL });
      return new Response(body, { headers: calendarHeaders(`meeting-${id}.ics`) });
    },
    (error) => {
      if (error.status === 404) return new Response("Meeting not found", { status: 404, headers: { "Content-Type": "text/plain" } });
      throw error;
    },
  );
}
