import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { providerStartPath, type ProviderView } from "../providers";

/**
 * 'Continue with …' on /login (both tabs): one form button per configured provider, posting to
 * `POST /auth/<provider>`. A full page navigation (reloadDocument), with or without JavaScript:
 * the answer is a redirect to the provider's own page (docs/accounts.md, "Sign-in with external identities").
 */
export function ProviderButtons({ providers, redirectTo }: { providers: ProviderView[]; redirectTo?: string | null }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3" data-testid="provider-buttons">
      <p className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">or</p>
      {providers.map((provider) => (
        <Form key={provider.id} method="post" action={providerStartPath(provider.id)} reloadDocument>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Button variant="outline" className="w-full justify-center">
            Continue with {provider.name}
          </Button>
        </Form>
      ))}
    </div>
  );
}

/** 'Connect' in account settings (the same route: a signed-in member's post connects). */
export function ConnectButton({ provider }: { provider: ProviderView }) {
  return (
    <Form method="post" action={providerStartPath(provider.id)} reloadDocument>
      <Button variant="secondary" size="sm" aria-label={`Connect ${provider.name}`}>
        Connect
      </Button>
    </Form>
  );
}
