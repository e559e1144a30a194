import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { messageConstraints, newConversationConstraints } from "./constraints";
import { messageSchema, newConversationSchema } from "./schemas";

describe("conversation form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint of the schemas", () => {
    // The form's To is one text of usernames (the schema also takes the API's list): required, one field.
    const { to, "to[]": _item, ...rest } = getZodConstraint(newConversationSchema);
    expect(newConversationConstraints).toEqual({ ...rest, to: { required: to?.required } });
    expect(messageConstraints).toEqual(getZodConstraint(messageSchema));
  });
});
