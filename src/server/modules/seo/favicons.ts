import { loadSharp } from '#server/modules/media/media-service.ts';

// The shop's icon (the ball the logo shows): an SVG for browsers that take one, a 32 px PNG for those
// that do not, and the 180 px apple-touch-icon iOS puts on a home screen. The PNGs are drawn from the
// SVG once, on first request, with sharp (already the shop's image library).

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#facc15"/><g fill="#a16207"><circle cx="11" cy="11" r="1.8"/><circle cx="20" cy="10" r="1.8"/><circle cx="16" cy="16" r="1.8"/><circle cx="10" cy="20" r="1.8"/><circle cx="21" cy="21" r="1.8"/></g></svg>\n`;

/** The addresses index.html links (the rendered pages' head), and what each serves. */
export const FAVICONS = [
  { path: '/favicon.svg', type: 'image/svg+xml', size: null },
  { path: '/favicon-32x32.png', type: 'image/png', size: 32 },
  // iOS draws its own rounded corners over an opaque square
  { path: '/apple-touch-icon.png', type: 'image/png', size: 180 },
] as const;

export function faviconBytes(): (size: number | null) => Promise<Buffer | string> {
  const drawn = new Map<number, Promise<Buffer>>();
  return (size) => {
    if (size === null) return Promise.resolve(FAVICON_SVG);
    let png = drawn.get(size);
    if (!png) {
      const background = size >= 180 ? { r: 30, g: 64, b: 175, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
      png = loadSharp().then((sharp) =>
        sharp(Buffer.from(FAVICON_SVG), { density: Math.ceil((72 * size) / 32) })
          .resize(size, size)
          .flatten(size >= 180 ? { background } : false)
          .png()
          .toBuffer(),
      );
      drawn.set(size, png);
    }
    return png;
  };
}
