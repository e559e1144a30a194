import type { MetaDescriptor } from "react-router";

type Match = { id: string; data: unknown };

/** A page's title and description, named after the community (from the root loader). */
export function pageMeta(title: string, matches: Match[], description?: string): MetaDescriptor[] {
  const rootData = matches.find((match) => match.id === "root")?.data as { communityName?: string } | undefined;
  const communityName = rootData?.communityName ?? "Quads";
  return [
    { title: `${title} · ${communityName}` },
    { name: "description", content: description ?? `${title} on ${communityName}, the community for AI enthusiasts.` },
  ];
}
