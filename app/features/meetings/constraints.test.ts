import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { createMeetingConstraints, meetingConstraints } from "./constraints";
import { createMeetingFormSchema, meetingFormSchema } from "./schemas";

describe("meeting form constraints (zod-free copies for the browser)", () => {
  it("edit equals getZodConstraint(meetingFormSchema)", () => expect(meetingConstraints).toEqual(getZodConstraint(meetingFormSchema)));
  it("create equals getZodConstraint(createMeetingFormSchema)", () =>
    expect(createMeetingConstraints).toEqual(getZodConstraint(createMeetingFormSchema)));
});
