/**
 * A content icon (game-icons set) as a CSS mask over the text colour: it follows the theme, costs
 * one cached request per icon, and has a fixed size so nothing shifts while it loads.
 */
export function GameIcon({ icon, size = 40, className = "" }: { icon: string; size?: number; className?: string }) {
  const name = icon.replace(/^game-icons:/, "");
  const url = `url(/icons/game-icons/${name}.svg)`;
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 bg-current ${className}`}
      style={{ width: size, height: size, maskImage: url, WebkitMaskImage: url, maskSize: "contain", maskRepeat: "no-repeat" }}
    />
  );
}
