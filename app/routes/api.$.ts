/** Unknown /api paths answer a JSON 404, whatever the method. */
const notFound = () => Response.json({ message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
