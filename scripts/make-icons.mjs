// Draws the home-screen icons (public/icons/*.png) from the shapes of public/icon.svg, with no
// dependency: shapes are sampled 4×4 per pixel and written as an RGBA PNG through node:zlib.
// Run `node scripts/make-icons.mjs` after changing the design; the PNGs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BG = [0x0f, 0x6b, 0x5c];
const FG = [0xf4, 0xfb, 0xf8];

/** Coverage of the design at (x, y) in the 32-unit box of icon.svg: 0 outside, 1 background, 2 foreground. */
function shapeAt(x, y, { rounded }) {
  if (rounded) {
    const r = 8;
    const cx = Math.min(Math.max(x, r), 32 - r);
    const cy = Math.min(Math.max(y, r), 32 - r);
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return 0;
  }
  const ring = Math.hypot(x - 16, y - 16);
  if (Math.abs(ring - 9) <= 1.25) return 2;
  for (const [dx, dy] of [
    [16, 7],
    [23.8, 20.5],
    [8.2, 20.5],
  ])
    if (Math.hypot(x - dx, y - dy) <= 2.2) return 2;
  return 1;
}

function render(size, { maskable }) {
  const pixels = Buffer.alloc(size * size * 4);
  const n = 4;
  // A maskable icon is full-bleed; its design sits inside the central 80 % safe zone.
  const scale = maskable ? 0.72 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const u = ((px + (sx + 0.5) / n) / size - 0.5) / scale + 0.5;
          const v = ((py + (sy + 0.5) / n) / size - 0.5) / scale + 0.5;
          const inside = u >= 0 && u <= 1 && v >= 0 && v <= 1;
          const hit = inside ? shapeAt(u * 32, v * 32, { rounded: !maskable }) : maskable ? 1 : 0;
          if (hit === 1) bg++;
          else if (hit === 2) fg++;
        }
      }
      const total = n * n;
      const alpha = (bg + fg) / total;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = alpha === 0 ? 0 : Math.round((BG[c] * bg + FG[c] * fg) / (bg + fg));
      pixels[i + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let j = 0; j < 8; j++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync("public/icons", { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, render(size, { maskable: false }));
  writeFileSync(`public/icons/maskable-${size}.png`, render(size, { maskable: true }));
}
writeFileSync("public/icons/apple-touch-icon.png", render(180, { maskable: true }));
console.log("public/icons: icon-192, icon-512, maskable-192, maskable-512, apple-touch-icon (180)");
