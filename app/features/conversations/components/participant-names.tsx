import type { ParticipantView } from "../conversations.server";

/** "Ada, Bob and Cat" (the others in a conversation), or a note when everyone else has left. */
export function participantNames(participants: Pick<ParticipantView, "displayName">[]): string {
  const names = participants.map((participant) => participant.displayName);
  if (names.length === 0) return "Nobody else (they left)";
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
