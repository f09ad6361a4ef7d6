import { type RouteConfig, index } from "@react-router/dev/routes";

export default [index("routes/list.tsx")] satisfies RouteConfig;
