import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { pages } from "../universal/routing/route-table.ts";

const toRoute = (entry: (typeof pages)[number]) =>
  entry.path === "/" ? index(entry.file, { id: entry.key }) : route(entry.path, entry.file, { id: entry.key });

export default [
  layout("layouts/default.tsx", [
    ...pages.filter((entry) => entry.layout === "default").map(toRoute),
    // Not one of the 37 routes: the icons' license asks for credit (linked from the footer).
    route("credits", "routes/credits/index.tsx", { id: "credits" }),
    route("__fault", "routes/fault.tsx", { id: "fault" }),
    route("*", "routes/not-found.tsx", { id: "notFound" }),
  ]),
  ...pages.filter((entry) => entry.layout === "none").map(toRoute),
] satisfies RouteConfig;
