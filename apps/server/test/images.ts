import { crc32, deflateSync } from 'node:zlib';

/**
 * Real image files built in memory for the branding tests: a PNG that any decoder opens, and headers of the other
 * types as their specifications lay them out (enough for a header reader, not a picture).
 */

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A solid-colour RGB PNG of `width` x `height`; `padding` bytes of a text chunk make it as large as needed. */
export function pngImage(
  width: number,
  height: number,
  rgb: [number, number, number] = [200, 40, 40],
  padding = 0,
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0
      ? [chunk('tEXt', Buffer.concat([Buffer.from('pad\0'), Buffer.alloc(padding, 0x61)]))]
      : []),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's opening segments: start of image, a JFIF APP0 segment and a baseline start-of-frame. */
export function jpegHeader(width: number, height: number) {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP's RIFF header and VP8L bitstream header. */
export function webpLosslessHeader(width: number, height: number) {
  const bits = Buffer.alloc(5);
  bits[0] = 0x2f;
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const payload = Buffer.concat([
    Buffer.from('VP8L'),
    Buffer.from([bits.length, 0, 0, 0]),
    bits,
    Buffer.alloc(1),
  ]);
  const riff = Buffer.alloc(4);
  riff.writeUInt32LE(4 + payload.length);
  return Buffer.concat([Buffer.from('RIFF'), riff, Buffer.from('WEBP'), payload]);
}

/** An ICO file holding the given PNGs (each entry's size bytes say 0 for 256). */
export function icoImage(...images: { width: number; height: number; png: Buffer }[]) {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ width, height, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = width >= 256 ? 0 : width;
    entry[1] = height >= 256 ? 0 : height;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([head, ...entries, ...images.map((image) => image.png)]);
}
