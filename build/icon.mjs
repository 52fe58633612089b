// The extension's icon, drawn from code: a page with a check mark on a rounded square. Running
// `node build/icon.mjs` writes `client/icon.png`; a test checks that the committed file holds the
// pixels `drawIcon()` draws. The PNG encoder is the smallest one that is valid: 8-bit RGBA,
// filter type 0 on every row, one IDAT chunk.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const ICON_SIZE = 128;
/** Samples per pixel along each axis, for smooth edges. */
const SUPERSAMPLING = 4;

const hex = (value) => [0, 2, 4].map((i) => parseInt(value.slice(i + 1, i + 3), 16));
const mix = (a, b, t) => a.map((channel, i) => channel + (b[i] - channel) * t);

const TOP = hex('#2b2d7c');
const BOTTOM = hex('#1f8a8a');
const PAGE = hex('#f7f8fc');
const FOLD = hex('#c9cfe6');
const INK = hex('#8a93c4');
const KEY = hex('#3f4aa8');
const BADGE = hex('#2fb36b');
const BADGE_RING = hex('#ffffff');
const CHECK = hex('#ffffff');

function insideRoundedRect(x, y, left, top, right, bottom, radius) {
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= left && x <= right && y >= top && y <= bottom;
}

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

const PAGE_OUTLINE = [
  [30, 18],
  [78, 18],
  [98, 38],
  [98, 110],
  [30, 110],
];
const FOLD_TRIANGLE = [
  [78, 18],
  [78, 38],
  [98, 38],
];
/** Lines of "text" on the page: a short key in the accent colour, then a value. */
const LINES = [
  { y: 50, key: [40, 54], value: [60, 86] },
  { y: 64, key: [40, 50], value: [56, 80] },
  { y: 78, key: [40, 58], value: [64, 72] },
];
const BADGE_CENTRE = [94, 96];
const CHECK_POINTS = [
  [84, 96],
  [91, 103],
  [104, 89],
];

/** The colour of one sample point, painting back to front; undefined outside the icon. */
function sample(x, y, size) {
  const s = size / ICON_SIZE;
  const u = x / s;
  const v = y / s;
  if (!insideRoundedRect(u, v, 0, 0, ICON_SIZE, ICON_SIZE, 26)) return undefined;
  let colour = mix(TOP, BOTTOM, v / ICON_SIZE);
  if (insidePolygon(u, v, PAGE_OUTLINE)) colour = PAGE;
  if (insidePolygon(u, v, FOLD_TRIANGLE)) colour = FOLD;
  for (const line of LINES) {
    if (distanceToSegment(u, v, [line.key[0], line.y], [line.key[1], line.y]) <= 3.2) colour = KEY;
    if (distanceToSegment(u, v, [line.value[0], line.y], [line.value[1], line.y]) <= 3.2) colour = INK;
  }
  const badge = Math.hypot(u - BADGE_CENTRE[0], v - BADGE_CENTRE[1]);
  if (badge <= 24) colour = BADGE_RING;
  if (badge <= 20.5) colour = BADGE;
  for (let i = 1; i < CHECK_POINTS.length; i++) {
    if (distanceToSegment(u, v, CHECK_POINTS[i - 1], CHECK_POINTS[i]) <= 3.6) colour = CHECK;
  }
  return colour;
}

/** The icon as RGBA bytes, row by row. */
export function drawIcon(size = ICON_SIZE) {
  const pixels = new Uint8Array(size * size * 4);
  const n = SUPERSAMPLING;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const colour = sample(px + (sx + 0.5) / n, py + (sy + 0.5) / n, size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const at = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[at] = Math.round(r / covered);
      pixels[at + 1] = Math.round(g / covered);
      pixels[at + 2] = Math.round(b / covered);
      pixels[at + 3] = Math.round((covered / (n * n)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file of RGBA pixels. */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(rows, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../client/icon.png', import.meta.url), encodePng(ICON_SIZE, ICON_SIZE, drawIcon()));
}
