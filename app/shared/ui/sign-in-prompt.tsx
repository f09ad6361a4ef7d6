import { Link } from "react-router";

/** What a signed-out visitor sees on a page for members: why, and a way to sign in and come back. */
export function SignInPrompt({ text, action, back }: { text: string; action: string; back: string }) {
  return (
    <p className="mt-6 rounded-xl border border-line bg-surface p-5">
      {text}{" "}
      <Link to={`/login?redirect=${encodeURIComponent(back)}`} className="font-semibold text-link underline underline-offset-2">
        {action}
      </Link>
    </p>
  );
}
