export { pageMeta as meta } from "~/shared/page/page-meta.ts";
export { PlaceholderPage as default } from "~/features/shell/placeholder-page.tsx";
