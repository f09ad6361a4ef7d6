/** The search text every search reads from a query string: one schema, in `universal/schemas.ts`. */
export { SEARCH_TEXT_MAX, searchText } from "../../universal/schemas.ts";
