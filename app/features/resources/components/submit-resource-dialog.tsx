import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormResult } from "~/components/ui/use-server-form";
import { resourceUrls } from "../urls";
import { ResourceForm } from "./resource-form";
import { buttonClass } from "~/components/ui/button";

/**
 * 'Submit Resource': a link to the form's own page (without JavaScript); with JavaScript the same
 * form opens in a dialog on the library page, stays open with the field messages on bad input,
 * and closes once the resource is saved.
 */
export function SubmitResourceDialog({ lastResult }: { lastResult?: FormResult | null }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const navigation = useNavigation();
  const wasSubmitting = useRef(false);

  useEffect(() => {
    if (lastResult?.status === "error") {
      setIsOpen(true);
      if (dialogRef.current && !dialogRef.current.open) dialogRef.current.showModal();
    }
  }, [lastResult]);

  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("formId") === "submit-resource-dialog") {
      wasSubmitting.current = true;
      return;
    }
    if (navigation.state === "idle" && wasSubmitting.current) {
      wasSubmitting.current = false;
      if (lastResult?.status !== "error") {
        dialogRef.current?.close();
        setIsOpen(false);
        setFormKey((key) => key + 1);
      }
    }
  }, [navigation.state, navigation.formData, lastResult]);

  return (
    <>
      <Link
        to={resourceUrls.submit}
        onClick={(event) => {
          event.preventDefault();
          setIsOpen(true);
          dialogRef.current?.showModal();
        }}
        className={buttonClass()}
      >
        Submit Resource
      </Link>
      <dialog
        ref={dialogRef}
        aria-labelledby="submit-resource-title"
        onClose={() => setIsOpen(false)}
        className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        {isOpen ? (
          <div className="p-6">
            <h2 id="submit-resource-title" className="mb-4 text-lg font-semibold text-slate-900">
              Submit Resource
            </h2>
            <ResourceForm
              key={formKey}
              id="submit-resource-dialog"
              action={resourceUrls.list}
              intent="create"
              lastResult={lastResult}
              submitLabel="Submit Resource"
              pendingLabel="Submitting..."
              onCancel={() => dialogRef.current?.close()}
            />
          </div>
        ) : null}
      </dialog>
    </>
  );
}
