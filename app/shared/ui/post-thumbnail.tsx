/** A post's first image beside its excerpt in a list of posts (the home page, a member's profile); nothing without one. */
export function PostThumbnail({ image }: { image: { url: string } | null }) {
  if (!image) return null;
  return (
    <img
      src={image.url}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className="size-16 shrink-0 rounded-md object-cover"
    />
  );
}
