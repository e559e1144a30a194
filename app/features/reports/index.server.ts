/**
 * The reports feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { createReport, getReportableTarget, listOpenReports, openReportedMessage, resolveReport } from "./reports.server";
export { reportFormSchema } from "./schemas";
