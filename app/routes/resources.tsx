import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useRef } from "react";
import { FilterSearch, FilterSelect } from "~/components/ui/filter-fields";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { ResourceCard } from "~/features/resources/components/resource-card";
import { SubmitResourceDialog } from "~/features/resources/components/submit-resource-dialog";
import { useAutoSubmit } from "~/components/ui/use-auto-submit";
import { difficultyLabels, pricingLabels, resourceTypeLabels } from "~/features/resources/constants";
import { submitNewResource } from "~/features/resources/form.server";
import { listResources, toCardData } from "~/features/resources/resources.server";
import { parseResourceFilters } from "~/features/resources/schemas";
import { resourceUrls } from "~/features/resources/urls";
import { requireUser, userCan } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { countLabel } from "~/utils/plural";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Resource Library", matches, "Curated AI tools, articles, courses and videos, rated by the community.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = parseResourceFilters(new URL(request.url).searchParams);
  const { items, total, page, pageCount } = listResources(filters);
  return {
    filters,
    resources: toCardData(items, user.id),
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
  const formRef = useRef<HTMLFormElement>(null);
  const autoSubmit = useAutoSubmit();
  const isFiltered = Boolean(filters.q || filters.type || filters.difficulty || filters.pricing);
  return (
    <>
      <PageHeader
        title="AI Resource Library"
        description="Curated AI tools, articles, courses and videos, rated by the community."
        actions={canSubmit ? <SubmitResourceDialog lastResult={actionData?.result} /> : null}
      />

      <Form
        ref={formRef}
        method="get"
        action={resourceUrls.list}
        role="search"
        aria-label="Resource filters"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        onChange={(event) => autoSubmit(formRef.current, (event.target as HTMLElement).tagName === "SELECT")}
      >
        <FilterSearch id="resource-search" label="Search resources" value={filters.q} placeholder="Search by title or description..." />
        <FilterSelect id="resource-type" name="type" label="Filter by type" value={filters.type ?? ""} all="All Types" options={resourceTypeLabels} />
        <FilterSelect id="resource-difficulty" name="difficulty" label="Filter by difficulty" value={filters.difficulty ?? ""} all="All Levels" options={difficultyLabels} />
        <FilterSelect id="resource-pricing" name="pricing" label="Filter by pricing" value={filters.pricing ?? ""} all="All Pricing" options={pricingLabels} />
        <Button>
          Search
        </Button>
      </Form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {countLabel(total, "resource")}
        {isFiltered ? " match your filters" : ""}
      </p>

      {resources.length ? (
        <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} />
          ))}
        </div>
      ) : (
        <div className="mt-3">
          <EmptyState
            title="No resources found"
            message={isFiltered ? "Try adjusting your search or filters." : "The library is empty for now: curated AI tools, courses and videos will appear here."}
          />
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Resource pages" />
    </>
  );
}
