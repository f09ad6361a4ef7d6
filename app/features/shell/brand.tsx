import { Link } from "react-router";
import { useRootData } from "../../shared/root-data.ts";

/** The app mark and title (the `APP_TITLE` setting). */
export function Brand() {
  const appTitle = useRootData()?.appTitle ?? "";
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md font-bold text-fg">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#F15A22" />
        <path d="M8 23V10l8 7 8-7v13" fill="none" stroke="#1c1e21" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <span className="truncate text-base sm:text-lg">{appTitle}</span>
    </Link>
  );
}
