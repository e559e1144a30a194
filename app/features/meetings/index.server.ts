/**
 * The meetings feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { adminMessages, type MeetingActionData, pageMessages, submitCreateMeeting, submitDeleteMeeting, submitMeetingStep, submitRegistration, submitUpdateMeeting } from "./actions.server";
export { cancelRegistrationJson, createMeetingJson, deleteMeetingJson, getAllMeetingsJson, getMeetingJson, getUpcomingMeetingsJson, registerJson, updateMeetingJson } from "./api.server";
export { buildMeetingCalendar, buildMeetingsFeed, calendarHeaders } from "./calendar.server";
export { loadNextMeetingCard } from "./dashboard.server";
export { loadManagedMeeting, loadManageMeetings, loadScheduleForm } from "./manage.server";
export { createMeetings, joinMeeting, type MeetingView, parseMeetingJson, registerForMeeting } from "./meetings.server";
export { loadMeetingsPage } from "./page.server";
