import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Card, PageHeader } from "~/components/ui/page";
import { requireUser } from "~/utils/auth.server";
import { initialOf, profileNameOf } from "~/utils/display-name";
import { routes } from "~/utils/routes";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Profile", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    name: profileNameOf(user),
    label: user.isAdmin ? "Community Leader" : user.role === "moderator" ? "Moderator" : user.skillLevel,
    memberSince: user.joinedAt,
    bio: user.bio,
    interests: user.interests,
    points: user.points,
  };
}

export default function ProfilePage() {
  const profile = useLoaderData<typeof loader>();
  const memberSince = new Date(profile.memberSince).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <>
      <PageHeader title="Profile" />
      <Card>
        <div className="flex flex-wrap items-center gap-4">
          <span aria-hidden="true" className="grid h-16 w-16 place-items-center rounded-full bg-indigo-600 text-2xl font-bold text-white">
            {initialOf(profile.name)}
          </span>
          <div>
            <h2 className="text-xl font-semibold">{profile.name}</h2>
            <p className="text-sm capitalize text-slate-600">
              {profile.label} · Member since {memberSince}
            </p>
          </div>
        </div>
        {profile.bio ? <p className="mt-4 text-slate-700">{profile.bio}</p> : null}
        {profile.interests.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {profile.interests.map((interest) => (
              <li key={interest} className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800">
                {interest}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-4 text-sm text-slate-600">Points: {profile.points}</p>
        <Form method="post" action={routes.logout} className="mt-6">
          <button type="submit" className="rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            Logout
          </button>
        </Form>
      </Card>
    </>
  );
}
