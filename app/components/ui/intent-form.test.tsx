/** IntentForm: one button posting its intent and hidden fields to the page's action, as plain HTML. */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { IntentForm } from "./intent-form";

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/settings", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/settings"]} />);
}

describe("IntentForm", () => {
  it("posts the intent and the hidden fields to the action, with the button's own attributes", () => {
    const html = render(
      <IntentForm action="/settings/account" intent="unblock" fields={{ memberId: "m-1" }} aria-label="Unblock Ada" className="btn" disabled>
        Unblock
      </IntentForm>,
    );
    expect(html).toContain('method="post" action="/settings/account"');
    expect(html).toContain('<input type="hidden" name="memberId" value="m-1"/>');
    expect(html).toMatch(/<button type="submit" name="intent" value="unblock" aria-label="Unblock Ada" class="btn" disabled="">Unblock<\/button>/);
  });

  it("has no hidden field when none is given", () => {
    const html = render(
      <IntentForm action="/profile" intent="rotate-feed">
        Make new feed links
      </IntentForm>,
    );
    expect(html).not.toContain('type="hidden"');
    expect(html).toContain('value="rotate-feed"');
  });
});
