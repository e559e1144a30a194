import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData, useSearchParams } from "react-router";
import { PageHeader } from "~/components/ui/page";
import { CardGrid, FilterForm, FilterSearch, FilterSelect } from "~/components/ui/list-page";
import { Pagination } from "~/components/ui/pagination";
import { ResourceCard } from "~/features/resources/components/resource-card";
import { SubmitResourceDialog } from "~/features/resources/components/submit-resource-dialog";
import { difficulties, difficultyLabels, pricingCategories, pricingLabels, resourceTypeLabels, resourceTypes, resourceUrls } from "~/features/resources";
import { submitNewResource, listResources, toCardData, parseResourceFilters } from "~/features/resources/index.server";
import { requireUser, userCan } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { countLabel } from "~/utils/plural";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Resource Library", matches, "Curated AI tools, articles, courses and videos, rated by the community.");

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = parseResourceFilters(url.searchParams);
  const { items, total, page, pageCount } = await listResources(filters);
  return {
    filters,
    resources: await toCardData(items, user.id),
    total,
    page,
    pageCount,
    canSubmit: userCan(user, "resources:manage"),
  };
}

/** The 'Submit Resource' dialog posts here (admins only). */
export async function action({ request }: ActionFunctionArgs) {
  return submitNewResource(request);
}

export default function ResourcesPage() {
  const { filters, resources, total, page, pageCount, canSubmit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const isFiltered = Boolean(filters.q || filters.type || filters.difficulty || filters.pricing);
  return (
    <>
      <PageHeader
        title="AI Resource Library"
        description="Curated AI tools, articles, courses and videos, rated by the community."
        actions={canSubmit ? <SubmitResourceDialog lastResult={actionData?.result} /> : null}
      />

      <FilterForm action={resourceUrls.list} label="Resource filters">
        <FilterSearch id="resource-search" label="Search resources" defaultValue={filters.q} placeholder="Search by title or description..." />
        <FilterSelect id="resource-type" name="type" label="Filter by type" defaultValue={filters.type ?? ""} allLabel="All Types" options={resourceTypes.map((type) => [type, resourceTypeLabels[type]] as const)} />
        <FilterSelect id="resource-difficulty" name="difficulty" label="Filter by difficulty" defaultValue={filters.difficulty ?? ""} allLabel="All Levels" options={difficulties.map((difficulty) => [difficulty, difficultyLabels[difficulty]] as const)} />
        <FilterSelect id="resource-pricing" name="pricing" label="Filter by pricing" defaultValue={filters.pricing ?? ""} allLabel="All Pricing" options={pricingCategories.map((pricing) => [pricing, pricingLabels[pricing]] as const)} />
        <Button>Search</Button>
      </FilterForm>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {countLabel(total, "resource")}
        {isFiltered ? " match your filters" : ""}
      </p>

      <CardGrid
        empty={resources.length ? null : { title: "No resources found", message: isFiltered ? "Try adjusting your search or filters." : "The library is empty for now: curated AI tools, courses and videos will appear here." }}
        className="mt-3"
      >
        {resources.map((resource) => (
          <ResourceCard key={resource.id} resource={resource} />
        ))}
      </CardGrid>
      <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Resource pages" />
    </>
  );
}
