export { NextMeetingCard } from "./meeting-parts";
