/**
 * Video embeds: only YouTube and Vimeo links become players, in their embed form. Any other host
 * gives null (no iframe), so a resource can never frame an arbitrary page. Pure: runs on the
 * server (when saving and listing) and in the browser.
 */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

const youtubeHosts = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const vimeoHosts = new Set(["vimeo.com", "www.vimeo.com"]);

/** The embed URL of a YouTube or Vimeo link, or null for anything else. */
export function toEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);

  if (youtubeHosts.has(host)) {
    let id: string | null = null;
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["shorts", "embed", "live", "v"].includes(segments[0] ?? "")) id = segments[1] ?? null;
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "youtu.be") {
    const id = segments[0] ?? null;
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (vimeoHosts.has(host)) {
    // vimeo.com/{id}, vimeo.com/channels/x/{id}, vimeo.com/groups/x/videos/{id}: the last numeric segment.
    const id = [...segments].reverse().find((segment) => VIMEO_ID.test(segment));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === "player.vimeo.com" && segments[0] === "video" && segments[1] && VIMEO_ID.test(segments[1])) {
    return `https://player.vimeo.com/video/${segments[1]}`;
  }
  return null;
}
