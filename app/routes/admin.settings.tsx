import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData, useSubmit } from "react-router";
import type { FocusEvent, FormEvent } from "react";
import { socialLabel } from "~/components/ui/social-icon";
import { previewLink } from "~/features/admin";
import { adminSuccess, answerAdminForm, formValues, type AdminActionFailure } from "~/features/admin/index.server";
import { failureFieldErrors, failureMessage, failureValues } from "~/components/ui/form-failure";
import { dispatchIntent } from "~/utils/page-action.server";
import { footerFormToInput, platformFormToInput, isVerifiedEmailRequiredToPost, setVerifiedEmailRequiredToPost, getFooterSettings, listPlatformSettings, updateFooterSettings, updatePlatformSetting } from "~/features/settings/index.server";
import { supportPlatformLabels } from "~/features/settings";
import { requirePagePermission } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/http.server";
import { Button, buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Platform Settings · Admin Panel", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "settings:manage");
  const [platforms, footer, isVerifiedEmailRequired] = await Promise.all([listPlatformSettings(), getFooterSettings(), isVerifiedEmailRequiredToPost()]);
  return { platforms, footer, isVerifiedEmailRequired };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const admin = await requirePagePermission(request, "settings:manage");
  const actor = { id: admin.id, email: admin.email };
  const formData = await readFormData(request);
  return dispatchIntent(formData, {
    "require-verified-email": async () => {
      const isRequired = formData.get("isRequired") === "on";
      await setVerifiedEmailRequiredToPost({ actor, isRequired });
      return adminSuccess(url, isRequired ? "Members now need a verified e-mail to post" : "Members can post without a verified e-mail");
    },
    footer: (intent) =>
      answerAdminForm(
        request,
        url,
        async () => {
          await updateFooterSettings({ actor, input: footerFormToInput(formData) });
          return "Footer settings updated successfully";
        },
        { intent, description: "Failed to update footer settings", target: "footer", values: formValues(formData) },
      ),
    platform: (intent) => {
      const platform = String(formData.get("platform") ?? "");
      return answerAdminForm(
        request,
        url,
        async () => {
          await updatePlatformSetting({ actor, platform, input: platformFormToInput(formData) });
          return "Platform setting updated successfully";
        },
        { intent, description: "Failed to update platform setting", target: `platform:${platform}`, values: formValues(formData) },
      );
    },
  });
}

function platformLabel(platform: string): string {
  return platform in supportPlatformLabels ? supportPlatformLabels[platform as keyof typeof supportPlatformLabels] : socialLabel(platform);
}

const inputClass = "block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

export default function PlatformSettingsTab() {
  const { platforms, footer, isVerifiedEmailRequired } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const social = platforms.filter((setting) => !(setting.platform in supportPlatformLabels));
  const support = platforms.filter((setting) => setting.platform in supportPlatformLabels);
  return (
    <div className="space-y-8">
      <section aria-labelledby="platform-links-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="platform-links-heading" className="text-xl font-semibold text-slate-900">
          Platform Links
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Social and support links shown in the footer, the sidebar and on the landing page. Only active links with an http(s) address are shown.
          With JavaScript a link saves when you leave its field (if it changed) and a switch saves when you flip it.
        </p>
        <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-500">Social links</h3>
        <ul className="mt-2 divide-y divide-slate-100">
          {social.map((setting) => (
            <PlatformRow key={setting.platform} setting={setting} failure={failure?.formId === `platform:${setting.platform}` ? failure : undefined} />
          ))}
        </ul>
        <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-500">Support links</h3>
        <ul className="mt-2 divide-y divide-slate-100">
          {support.map((setting) => (
            <PlatformRow key={setting.platform} setting={setting} failure={failure?.formId === `platform:${setting.platform}` ? failure : undefined} />
          ))}
        </ul>
      </section>
      <FooterSettingsForm footer={footer} failure={failure?.formId === "footer" ? failure : undefined} />
      <PostingRulesForm isVerifiedEmailRequired={isVerifiedEmailRequired} />
    </div>
  );
}

/** 'Require a verified e-mail to post' (docs/accounts.md): the switch saves with JavaScript, Save without. */
function PostingRulesForm({ isVerifiedEmailRequired }: { isVerifiedEmailRequired: boolean }) {
  const submit = useSubmit();
  return (
    <section aria-labelledby="posting-rules-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="posting-rules-heading" className="text-xl font-semibold text-slate-900">
        Posting Rules
      </h2>
      <Form key={String(isVerifiedEmailRequired)} method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="require-verified-email" />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            role="switch"
            name="isRequired"
            defaultChecked={isVerifiedEmailRequired}
            onChange={(event) => event.currentTarget.form && submit(event.currentTarget.form, { preventScrollReset: true })}
            className="h-4 w-4 rounded border-slate-300 text-indigo-600"
          />
          Require a verified e-mail to post
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Save
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-600">When on, members who have not confirmed their e-mail can read but not post, reply, rate or comment.</p>
    </section>
  );
}

type PlatformRowData = ReturnType<typeof useLoaderData<typeof loader>>["platforms"][number];

function PlatformRow({ setting, failure }: { setting: PlatformRowData; failure?: AdminActionFailure }) {
  const submit = useSubmit();
  const label = platformLabel(setting.platform);
  const savedUrl = setting.url ?? "";
  const typedUrl = failure ? failureValues(failure).url : undefined;
  const isActive = failure ? failureValues(failure).isActive === "on" : setting.isActive;
  const isSaving = useIsPending({ fields: { platform: setting.platform } });
  const urlId = `platform-${setting.platform}-url`;
  const errorId = `${urlId}-error`;

  // With JavaScript: save on blur only when the value changed; the switch saves on change.
  function saveOnBlur(event: FocusEvent<HTMLInputElement>) {
    if (event.currentTarget.value.trim() === savedUrl && !failure) return;
    if (event.currentTarget.form) void submit(event.currentTarget.form, { preventScrollReset: true });
  }
  function saveOnToggle(event: FormEvent<HTMLInputElement>) {
    if (event.currentTarget.form) void submit(event.currentTarget.form, { preventScrollReset: true });
  }

  return (
    <li className="py-3" data-testid="platform-setting" data-platform={setting.platform}>
      <Form method="post" preventScrollReset className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_auto_auto]" aria-busy={isSaving || undefined}>
        <input type="hidden" name="intent" value="platform" />
        <input type="hidden" name="platform" value={setting.platform} />
        <label htmlFor={urlId} className="pt-2 text-sm font-medium text-slate-800">
          {label}
        </label>
        <div>
          <input
            key={`${savedUrl}|${typedUrl ?? ""}`}
            id={urlId}
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…"
            defaultValue={typedUrl ?? savedUrl}
            onBlur={saveOnBlur}
            aria-label={`${label} URL`}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? errorId : undefined}
            className={`${inputClass} ${failure ? "border-red-500" : "border-slate-300"}`}
          />
          {failure ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {failureMessage(failure)}
            </p>
          ) : savedUrl ? (
            <p className="mt-1 text-xs text-slate-500">
              Current:{" "}
              <a href={savedUrl} target="_blank" rel="noopener noreferrer" title={savedUrl} className="text-indigo-700 hover:underline" data-testid="link-preview">
                {previewLink(savedUrl)}
              </a>
            </p>
          ) : (
            <p className="mt-1 text-xs text-slate-500">Not set: hidden everywhere.</p>
          )}
        </div>
        <label className="flex items-center gap-2 pt-2 text-sm text-slate-700">
          <input
            key={`${setting.isActive}|${isActive}`}
            type="checkbox"
            role="switch"
            name="isActive"
            defaultChecked={isActive}
            onChange={saveOnToggle}
            aria-label={`${label} active`}
            className="h-4 w-4 rounded border-slate-300 text-indigo-600"
          />
          Active
        </label>
        <button type="submit" aria-label={`Save ${label}`} className={buttonClass("secondary")}>
          Save
        </button>
      </Form>
    </li>
  );
}

type FooterData = ReturnType<typeof useLoaderData<typeof loader>>["footer"];

function FooterSettingsForm({ footer, failure }: { footer: FooterData; failure?: AdminActionFailure }) {
  const submit = useSubmit();
  const isSaving = useIsPending({ intent: "footer" });
  const typed = failure ? failureValues(failure) : undefined;
  const fieldErrors = failureFieldErrors(failure);
  const value = (name: "companyName" | "tagline" | "copyrightTemplate" | "description") => typed?.[name] ?? footer[name];
  const checked = (name: "showSocialLinks" | "showSupportLinks" | "isActive") => (typed ? typed[name] === "on" : footer[name]);
  const formKey = `${footer.updatedAt ?? ""}|${typed ? JSON.stringify(typed) : ""}`;
  const errorOf = (name: string) => fieldErrors?.[name]?.join(" ");

  function saveOnToggle(event: FormEvent<HTMLInputElement>) {
    if (event.currentTarget.form) void submit(event.currentTarget.form, { preventScrollReset: true });
  }

  const textField = (name: "companyName" | "tagline" | "copyrightTemplate", label: string) => (
    <div className="space-y-1">
      <label htmlFor={`footer-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`footer-${name}`}
        name={name}
        type="text"
        defaultValue={value(name)}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={errorOf(name) ? `footer-${name}-error` : undefined}
        className={`${inputClass} ${errorOf(name) ? "border-red-500" : "border-slate-300"}`}
      />
      {errorOf(name) ? (
        <p id={`footer-${name}-error`} role="alert" className="text-sm text-red-700">
          {errorOf(name)}
        </p>
      ) : null}
    </div>
  );

  const toggle = (name: "showSocialLinks" | "showSupportLinks" | "isActive", label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" role="switch" name={name} defaultChecked={checked(name)} onChange={saveOnToggle} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
      {label}
    </label>
  );

  return (
    <section aria-labelledby="footer-settings-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="footer-settings-heading" className="text-xl font-semibold text-slate-900">
        Footer Settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">The footer shown at the bottom of every page. With JavaScript the switches save when you flip them.</p>
      <Form key={formKey} method="post" preventScrollReset className="mt-4 space-y-4" aria-busy={isSaving || undefined}>
        <input type="hidden" name="intent" value="footer" />
        {failure && !fieldErrors ? (
          <p role="alert" className="text-sm text-red-700">
            {failureMessage(failure)}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("companyName", "Company Name")}
          {textField("tagline", "Tagline")}
        </div>
        {textField("copyrightTemplate", "Copyright Text ({year} shows the current year)")}
        <div className="space-y-1">
          <label htmlFor="footer-description" className="block text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id="footer-description"
            name="description"
            rows={3}
            defaultValue={value("description")}
            aria-invalid={errorOf("description") ? true : undefined}
            className={`${inputClass} ${errorOf("description") ? "border-red-500" : "border-slate-300"}`}
          />
          {errorOf("description") ? (
            <p role="alert" className="text-sm text-red-700">
              {errorOf("description")}
            </p>
          ) : null}
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="sr-only">Footer switches</legend>
          {toggle("showSocialLinks", "Show Social Links")}
          {toggle("showSupportLinks", "Show Support Links")}
          {toggle("isActive", "Footer Active")}
        </fieldset>
        <Button disabled={isSaving}>
          {isSaving ? "Saving..." : "Save Footer Settings"}
        </Button>
      </Form>
    </section>
  );
}
