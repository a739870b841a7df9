#!/usr/bin/env node
// Renders resources/icon.svg into every icon the installers need, with sharp:
//   resources/icon.png          1024×1024, the macOS icon (electron-builder turns it into .icns)
//   resources/icon.ico          16–256 px, the Windows app and installer icon
//   resources/icons/NxN.png     the Linux icon set (hicolor sizes) for AppImage and deb
// Each size is rendered from the vector source rather than scaled down from 1024, so small
// sizes stay sharp. The outputs are committed; run this again after changing the SVG.
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');

const root = path.resolve(__dirname, '..');
const resources = path.join(root, 'resources');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

/** The SVG rendered at exactly size×size (density scaled so the vector is rasterised at that size). */
function render(svg, size) {
  return sharp(svg, { density: (72 * size) / 1024 }).resize(size, size, { fit: 'fill' });
}

/**
 * A classic 32-bit DIB icon entry (BITMAPINFOHEADER + bottom-up BGRA rows + an empty AND mask).
 * Sizes under 256 use DIBs because some Windows tools (older NSIS, rcedit users) reject PNG entries.
 */
function dibEntry(rgba, size) {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0); // biSize
  header.writeInt32LE(size, 4); // biWidth
  header.writeInt32LE(size * 2, 8); // biHeight: XOR + AND masks
  header.writeUInt16LE(1, 12); // biPlanes
  header.writeUInt16LE(32, 14); // biBitCount
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    const src = (size - 1 - y) * size * 4; // bottom-up
    for (let x = 0; x < size; x += 1) {
      const s = src + x * 4;
      const d = (y * size + x) * 4;
      pixels[d] = rgba[s + 2]; // B
      pixels[d + 1] = rgba[s + 1]; // G
      pixels[d + 2] = rgba[s]; // R
      pixels[d + 3] = rgba[s + 3]; // A
    }
  }
  const maskRow = Math.ceil(size / 32) * 4;
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * size)]);
}

/** ICONDIR + ICONDIRENTRY[] + images (see the ICO format: 6-byte header, 16 bytes per entry). */
function ico(images) {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2); // 1 = icon
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    head.writeUInt8(size >= 256 ? 0 : size, e); // 0 means 256
    head.writeUInt8(size >= 256 ? 0 : size, e + 1);
    head.writeUInt16LE(1, e + 4); // planes
    head.writeUInt16LE(32, e + 6); // bits per pixel
    head.writeUInt32LE(data.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.data)]);
}

async function main() {
  const svg = fs.readFileSync(path.join(resources, 'icon.svg'));
  fs.mkdirSync(path.join(resources, 'icons'), { recursive: true });

  await render(svg, 1024).png({ compressionLevel: 9 }).toFile(path.join(resources, 'icon.png'));
  for (const size of LINUX_SIZES) {
    await render(svg, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(resources, 'icons', `${size}x${size}.png`));
  }

  const images = [];
  for (const size of ICO_SIZES) {
    const data =
      size >= 256
        ? await render(svg, size).png({ compressionLevel: 9 }).toBuffer()
        : dibEntry(await render(svg, size).ensureAlpha().raw().toBuffer(), size);
    images.push({ size, data });
  }
  fs.writeFileSync(path.join(resources, 'icon.ico'), ico(images));

  console.log(
    `Icons written: resources/icon.png, resources/icon.ico (${ICO_SIZES.join(', ')}), ` +
      `resources/icons/{${LINUX_SIZES.join(',')}}.png`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
