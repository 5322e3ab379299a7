/**
 * What an uploaded image is, read from its own bytes (never from a name or a declared type): its type and its
 * pixel size from the header, for PNG, JPEG, WebP and ICO. Anything else, SVG included, is unknown (decision 042).
 */
export interface ImageHeader {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/x-icon';
  width: number;
  height: number;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((byte, index) => data[at + index] === byte);
const ascii = (data: Buffer, at: number, length: number) =>
  data.length >= at + length ? data.toString('latin1', at, at + length) : '';

/** The type and dimensions of `data`, or undefined when it is not a well-formed header of a supported type. */
export function readImageHeader(data: Buffer): ImageHeader | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png(data);
  if (startsWith(data, [0xff, 0xd8, 0xff])) return jpeg(data);
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WEBP') return webp(data);
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00])) return ico(data);
  return undefined;
}

const sized = (contentType: ImageHeader['contentType'], width: number, height: number) =>
  width > 0 && height > 0 ? { contentType, width, height } : undefined;

/** PNG: the first chunk is IHDR, holding width and height as big-endian 32-bit numbers. */
function png(data: Buffer): ImageHeader | undefined {
  if (data.length < 24 || ascii(data, 12, 4) !== 'IHDR') return undefined;
  return sized('image/png', data.readUInt32BE(16), data.readUInt32BE(20));
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other tables.
const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** JPEG: walk the marker segments to the first start-of-frame, which holds height then width. */
function jpeg(data: Buffer): ImageHeader | undefined {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, restart markers, start and end of image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      if (marker === 0xd9) return undefined;
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (START_OF_FRAME.has(marker)) {
      if (at + 9 > data.length) return undefined;
      return sized('image/jpeg', data.readUInt16BE(at + 7), data.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return undefined;
}

/** WebP: a RIFF file whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webp(data: Buffer): ImageHeader | undefined {
  const chunk = ascii(data, 12, 4);
  const body = 20;
  if (chunk === 'VP8 ') {
    if (!startsWith(data, [0x9d, 0x01, 0x2a], body + 3) || data.length < body + 10) return undefined;
    return sized('image/webp', data.readUInt16LE(body + 6) & 0x3fff, data.readUInt16LE(body + 8) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (data[body] !== 0x2f || data.length < body + 5) return undefined;
    const bits = data.readUInt32LE(body + 1);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    if (data.length < body + 10) return undefined;
    return sized('image/webp', data.readUIntLE(body + 4, 3) + 1, data.readUIntLE(body + 7, 3) + 1);
  }
  return undefined;
}

/** ICO: a directory of images (0 in a size byte means 256); every entry must lie inside the file. */
function ico(data: Buffer): ImageHeader | undefined {
  if (data.length < 6) return undefined;
  const count = data.readUInt16LE(4);
  if (count === 0 || data.length < 6 + count * 16) return undefined;
  let width = 0;
  let height = 0;
  for (let index = 0; index < count; index += 1) {
    const entry = 6 + index * 16;
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (size === 0 || offset < 6 + count * 16 || offset + size > data.length) return undefined;
    width = Math.max(width, data[entry] || 256);
    height = Math.max(height, data[entry + 1] || 256);
  }
  return sized('image/x-icon', width, height);
}
