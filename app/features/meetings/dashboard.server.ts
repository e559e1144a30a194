/** The dashboard's 'Next Weekly Meeting' card data (the dashboard route calls this). */
import { getOptionalUser, userCan } from "~/features/auth/index.server";
import { listUpcomingMeetings, toMeetingViews, type MeetingView } from "./meetings.server";
import { getViewerTimeZone } from "./time-zone.server";

export type NextMeetingCardData = { meeting: MeetingView | null; timeZone: string };

/** The first upcoming meeting shaped for NextMeetingCard, in the viewer's time zone. */
export async function loadNextMeetingCard(request: Request): Promise<NextMeetingCardData> {
  const user = await getOptionalUser(request);
  const timeZone = getViewerTimeZone(request);
  const [next] = await listUpcomingMeetings({ limit: 1 });
  if (!next) return { meeting: null, timeZone };
  const [meeting] = await toMeetingViews([next], { userId: user?.id ?? null, timeZone, canManage: userCan(user, "meetings:manage") });
  return { meeting, timeZone };
}
