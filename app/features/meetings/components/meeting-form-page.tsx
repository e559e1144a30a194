import { AppLink } from "~/components/ui/app-link";
import type { ComponentProps } from "react";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page";
import { MeetingForm } from "./meeting-form";
import { TimeZoneScript } from "./time-zone-script";

type CardProps = Omit<ComponentProps<typeof MeetingForm>, "cancel"> & { /** Where Cancel goes back to. */ cancelTo: string };

/** The schedule / edit form outside a dialog: in a card, Cancel a link back. */
export function MeetingFormCard({ cancelTo, ...props }: CardProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <MeetingForm
        {...props}
        cancel={
          <AppLink to={cancelTo} className={buttonClass("secondary")}>
            Cancel
          </AppLink>
        }
      />
    </div>
  );
}

/** The schedule / edit form as a page of its own (what the buttons open without JavaScript). */
export function MeetingFormPage({ title, ...props }: CardProps & { title: string }) {
  return (
    <div className="mx-auto max-w-2xl">
      <TimeZoneScript renderedTimeZone={props.timeZone} />
      <PageHeader title={title} description={`Times are in ${props.timeZone}.`} />
      <MeetingFormCard {...props} />
    </div>
  );
}
