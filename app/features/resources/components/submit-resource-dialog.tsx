import { useNavigation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { lazy, useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { FormResult } from "~/components/ui/use-server-form";
import { resourceUrls } from "../urls";
import { ResourceForm as ServerResourceForm } from "./resource-form";

// Loaded when the dialog opens, in the browser; the server renders it directly
// (docs/decisions/0098-dialogs-load-their-forms-on-use.md).
const ResourceForm = import.meta.env.SSR
  ? ServerResourceForm
  : /* @__PURE__ */ lazy(() => import("./resource-form").then((module) => ({ default: module.ResourceForm })));

/**
 * 'Submit Resource': a link to the form's own page (without JavaScript); with JavaScript the same
 * form opens in a dialog on the library page, stays open with the field messages on bad input,
 * and closes once the resource is saved.
 */
export function SubmitResourceDialog({ lastResult }: { lastResult?: FormResult | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const navigation = useNavigation();
  const wasSubmitting = useRef(false);

  useEffect(() => {
    if (lastResult?.status === "error") setIsOpen(true);
  }, [lastResult]);

  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("formId") === "submit-resource-dialog") {
      wasSubmitting.current = true;
      return;
    }
    if (navigation.state === "idle" && wasSubmitting.current) {
      wasSubmitting.current = false;
      if (lastResult?.status !== "error") {
        setIsOpen(false);
        setFormKey((key) => key + 1);
      }
    }
  }, [navigation.state, navigation.formData, lastResult]);

  return (
    <>
      <AppLink
        to={resourceUrls.submit}
        onClick={(event) => {
          event.preventDefault();
          setIsOpen(true);
        }}
        className={buttonClass()}
      >
        Submit Resource
      </AppLink>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} title="Submit Resource" titleId="submit-resource-title">
        <ResourceForm
          key={formKey}
          id="submit-resource-dialog"
          action={resourceUrls.list}
          intent="create"
          lastResult={lastResult}
          submitLabel="Submit Resource"
          pendingLabel="Submitting..."
          onCancel={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}
