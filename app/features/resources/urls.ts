/** The resources feature's URLs, built in one place. */
export const resourceUrls = {
  list: "/resources",
  /** The submit form as its own page (used without JavaScript; with it, the same form opens in a dialog). */
  submit: "/resources/new",
  rate: (id: number) => `/resources/${id}/rate`,
  card: (id: number) => `resource-${id}`,
} as const;
