import { avatarSources } from "~/utils/avatar-url";
import { initialOf } from "~/utils/display-name";

/**
 * A member's round picture: their avatar (docs/uploads.md) or, without one, the initial of their
 * name. `className` sets the size and the initials' colours (or
 * nothing, when a parent's CSS does: the discussions' author line); `pixels` is the rendered size, so the
 * browser picks the 64 or 256 px file and the page does not jump.
 */
export function Avatar({ name, avatarUrl, pixels, className }: { name: string; avatarUrl: string | null | undefined; pixels: number; className: string }) {
  const sources = avatarSources(avatarUrl);
  if (sources) {
    return (
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={`${pixels}px`}
        width={pixels}
        height={pixels}
        alt=""
        decoding="async"
        className={`${className ? `${className} ` : ""}shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span aria-hidden="true" className={className ? `${className} avatar` : "avatar"}>
      {initialOf(name)}
    </span>
  );
}
