/** The contributors leaderboard; its code sits in badge-pieces (one chunk for the dashboard). */
export { TopContributorList } from "~/features/badges/components/badge-pieces";
