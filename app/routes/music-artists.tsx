import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useSearchParams } from "react-router";
import { useMemo } from "react";
import { PageHeader } from "~/components/ui/page";
import { CardGrid, FilterForm, FilterSearch, FilterSelect, LabelledSection } from "~/components/ui/list-page";
import { getArtistStats, listArtists, listGenres, withPanels, parseArtistFilters } from "~/features/artists/index.server";
import { ArtistCard } from "~/features/artists/components/artist-card";
import { renderCommentReport } from "~/features/reports/components/report-link";
import { toCardView } from "~/features/artists/components/card-view";
import { fromArtistRows, toArtistRows } from "~/features/artists/components/card-rows";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { Pagination } from "~/components/ui/pagination";
import { artistUrls } from "~/features/artists";
import { requireUser, userCan } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Music Artists", matches, "Discover, rate and comment on AI music artists.");

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = parseArtistFilters(url.searchParams);
  const all = await listArtists(filters);
  const featured = await listArtists({ q: filters.q, genre: filters.genre }, { featuredOnly: true, pageSize: 12 });
  const blockedIds = await blockedIdsOf(user.id);
  return {
    filters,
    stats: await getArtistStats(),
    genres: await listGenres(),
    // Rows, not objects: a lighter hydration payload (card-rows.ts).
    featured: toArtistRows((await withPanels(featured.items, user.id)).map((artist) => toCardView(artist, blockedIds))),
    artists: toArtistRows((await withPanels(all.items, user.id)).map((artist) => toCardView(artist, blockedIds))),
    total: all.total,
    page: all.page,
    pageCount: all.pageCount,
    viewer: { isSignedIn: true, canModerate: userCan(user, "content:moderate") },
  };
}

export default function MusicArtistsPage() {
  const { filters, stats, genres, featured: featuredRows, artists: artistRows, total, page, pageCount, viewer } = useLoaderData<typeof loader>();
  const featured = useMemo(() => fromArtistRows(featuredRows), [featuredRows]);
  const artists = useMemo(() => fromArtistRows(artistRows), [artistRows]);
  const [searchParams] = useSearchParams();
  const isFiltered = Boolean(filters.q || filters.genre);
  return (
    <>
      <PageHeader title="AI Music Artists" description="Discover AI-powered musicians, listen to their tracks and rate your favourites." />

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Artists" value={stats.artists} />
        <Stat label="Total Plays" value={stats.totalPlays} />
        <Stat label="Genres" value={stats.genres} />
        <Stat label="Active" value={stats.active} />
      </dl>

      <FilterForm action={artistUrls.list} label="Artist filters" className="filter-bar mt-6">
        <FilterSearch id="artist-search" label="Search artists" defaultValue={filters.q} placeholder="Search by name or description..." />
        <FilterSelect id="artist-genre" name="genre" label="Genre" defaultValue={filters.genre} allLabel="All Genres" options={genres.map((genre) => [genre, genre] as const)} />
        <Button>Search</Button>
      </FilterForm>

      {featured.length ? (
        <LabelledSection id="featured-artists" title="Featured Artists" className="mt-8" headingClassName={headingClass}>
          <CardGrid className="mt-4">
            {featured.map((artist) => (
              <ArtistCard key={artist.id} artist={artist} viewer={viewer} idPrefix="featured-" renderReport={renderCommentReport} />
            ))}
          </CardGrid>
        </LabelledSection>
      ) : null}

      <LabelledSection id="all-artists" title={`All Artists (${total})`} className="mt-8" headingClassName={headingClass}>
        <CardGrid
          empty={artists.length ? null : { title: "No artists found", message: isFiltered ? "Try adjusting your search or genre filter." : "No AI music artists have been added yet." }}
          className="mt-4"
        >
          {artists.map((artist) => (
            <ArtistCard key={artist.id} artist={artist} viewer={viewer} renderReport={renderCommentReport} />
          ))}
        </CardGrid>
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Artist pages" />
      </LabelledSection>
    </>
  );
}

const headingClass = "text-xl font-semibold text-slate-900";

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value.toLocaleString("en-US")}</dd>
    </div>
  );
}
