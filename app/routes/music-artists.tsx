import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useRef } from "react";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { getArtistStats, listArtists, listGenres, withPanels } from "~/features/artists/artists.server";
import { ArtistCard } from "~/features/artists/components/artist-card";
import { renderCommentReport } from "~/features/moderation/components/report-link";
import { toCardView } from "~/features/artists/components/card-view";
import { blockedIdsOf } from "~/features/blocks/blocks.server";
import { Pagination } from "~/components/ui/pagination";
import { useAutoSubmit } from "~/components/ui/use-auto-submit";
import { parseArtistFilters } from "~/features/artists/schemas";
import { artistUrls } from "~/features/artists/urls";
import { requireUser, userCan } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Music Artists", matches, "Discover, rate and comment on AI music artists.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = parseArtistFilters(new URL(request.url).searchParams);
  const all = listArtists(filters);
  const featured = listArtists({ q: filters.q, genre: filters.genre }, { featuredOnly: true, pageSize: 12 });
  const blockedIds = blockedIdsOf(user.id);
  return {
    filters,
    stats: getArtistStats(),
    genres: listGenres(),
    featured: withPanels(featured.items, user.id).map((artist) => toCardView(artist, blockedIds)),
    artists: withPanels(all.items, user.id).map((artist) => toCardView(artist, blockedIds)),
    total: all.total,
    page: all.page,
    pageCount: all.pageCount,
    viewer: { isSignedIn: true, canModerate: userCan(user, "content:moderate") },
  };
}

export default function MusicArtistsPage() {
  const { filters, stats, genres, featured, artists, total, page, pageCount, viewer } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const autoSubmit = useAutoSubmit();
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

      <Form
        ref={formRef}
        method="get"
        action={artistUrls.list}
        role="search"
        aria-label="Artist filters"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        onChange={(event) => autoSubmit(formRef.current, (event.target as HTMLElement).tagName === "SELECT")}
        // A search typed but not sent yet (the debounce) goes at once when the member moves on, e.g. to
        // rate a card: sent later, it could cancel the rating's reload and so lose its toast.
        onBlur={(event) => {
          const input: EventTarget = event.target;
          if (input instanceof HTMLInputElement && input.name === "q" && input.value.trim() !== (searchParams.get("q") ?? "")) autoSubmit(formRef.current, true);
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="artist-search" className="block text-sm font-medium text-slate-800">
            Search artists
          </label>
          <input
            id="artist-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Search by name or description..."
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
        <div>
          <label htmlFor="artist-genre" className="block text-sm font-medium text-slate-800">
            Genre
          </label>
          <select
            id="artist-genre"
            name="genre"
            defaultValue={filters.genre}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
          >
            <option value="">All Genres</option>
            {genres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </select>
        </div>
        <Button>
          Search
        </Button>
      </Form>

      {featured.length ? (
        <section aria-labelledby="featured-artists" className="mt-8">
          <h2 id="featured-artists" className="text-xl font-semibold text-slate-900">
            Featured Artists
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {featured.map((artist) => (
              <ArtistCard key={artist.id} artist={artist} viewer={viewer} idPrefix="featured-" renderReport={renderCommentReport} />
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="all-artists" className="mt-8">
        <h2 id="all-artists" className="text-xl font-semibold text-slate-900">
          All Artists ({total})
        </h2>
        {artists.length ? (
          <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {artists.map((artist) => (
              <ArtistCard key={artist.id} artist={artist} viewer={viewer} renderReport={renderCommentReport} />
            ))}
          </div>
        ) : (
          <div className="mt-4">
            <EmptyState
              title="No artists found"
              message={isFiltered ? "Try adjusting your search or genre filter." : "No AI music artists have been added yet."}
            />
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Artist pages" />
      </section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}
