import { FormField } from "~/components/ui/form-field";
import { getInputProps, type FieldMetadata } from "~/components/ui/use-server-form";

/** First, last and display name: the same three fields on registration (/login?tab=register) and on the profile form (/profile?edit=1). */
export function NameFields({ fields }: { fields: Record<"firstName" | "lastName" | "displayName", FieldMetadata> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" errors={fields.firstName.errors} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} />
        <FormField label="Last Name" errors={fields.lastName.errors} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} />
      </div>
      <FormField label="Display Name" errors={fields.displayName.errors} inputProps={{ ...getInputProps(fields.displayName, { type: "text" }), autoComplete: "nickname" }} />
    </>
  );
}
