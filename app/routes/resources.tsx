import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useRef } from "react";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { ResourceCard } from "~/features/resources/components/resource-card";
import { SubmitResourceDialog } from "~/features/resources/components/submit-resource-dialog";
import { useAutoSubmit } from "~/components/ui/use-auto-submit";
import { difficulties, difficultyLabels, pricingCategories, pricingLabels, resourceTypeLabels, resourceTypes } from "~/features/resources/constants";
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

const selectClass = "mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

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
        <div className="min-w-48 flex-1">
          <label htmlFor="resource-search" className="block text-sm font-medium text-slate-800">
            Search resources
          </label>
          <input
            id="resource-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Search by title or description..."
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
        <div>
          <label htmlFor="resource-type" className="block text-sm font-medium text-slate-800">
            Filter by type
          </label>
          <select id="resource-type" name="type" defaultValue={filters.type ?? ""} className={selectClass}>
            <option value="">All Types</option>
            {resourceTypes.map((type) => (
              <option key={type} value={type}>
                {resourceTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="resource-difficulty" className="block text-sm font-medium text-slate-800">
            Filter by difficulty
          </label>
          <select id="resource-difficulty" name="difficulty" defaultValue={filters.difficulty ?? ""} className={selectClass}>
            <option value="">All Levels</option>
            {difficulties.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficultyLabels[difficulty]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="resource-pricing" className="block text-sm font-medium text-slate-800">
            Filter by pricing
          </label>
          <select id="resource-pricing" name="pricing" defaultValue={filters.pricing ?? ""} className={selectClass}>
            <option value="">All Pricing</option>
            {pricingCategories.map((pricing) => (
              <option key={pricing} value={pricing}>
                {pricingLabels[pricing]}
              </option>
            ))}
          </select>
        </div>
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
