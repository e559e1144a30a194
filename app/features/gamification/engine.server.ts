/**
 * Badge evaluation: recomputes a member's badge progress after a contribution changes.
 * (The members-and-badges feature implements the full rules; until then this is a no-op
 * that keeps the contract features call.)
 */
import type { ContributionKind } from "./rules";

export function refreshBadges(_userId: string, _options: { kinds?: ContributionKind[]; at?: Date } = {}): void {}
