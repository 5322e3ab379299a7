import { describe, expect, it } from 'vitest';
import { icoImage, jpegHeader, pngImage, webpLosslessHeader } from '../../../test/images.ts';
import { readImageHeader } from './image-header.ts';

describe('readImageHeader', () => {
  it('when given a PNG, then it reads its type and size from IHDR', () => {
    expect(readImageHeader(pngImage(120, 40))).toEqual({ contentType: 'image/png', width: 120, height: 40 });
  });

  it('when given a JPEG, then it reads the size from the start-of-frame after other segments', () => {
    expect(readImageHeader(jpegHeader(640, 480))).toEqual({
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
    });
  });

  it('when given a lossless WebP, then it reads the 14-bit sizes', () => {
    expect(readImageHeader(webpLosslessHeader(300, 90))).toEqual({
      contentType: 'image/webp',
      width: 300,
      height: 90,
    });
  });

  it('when given an ICO with 32 px and 256 px images, then it reports the largest', () => {
    const ico = icoImage(
      { width: 32, height: 32, png: pngImage(32, 32) },
      { width: 256, height: 256, png: pngImage(1, 1) },
    );
    expect(readImageHeader(ico)).toEqual({ contentType: 'image/x-icon', width: 256, height: 256 });
  });

  it('when an ICO entry points past the end of the file, then it is not an image', () => {
    const ico = icoImage({ width: 32, height: 32, png: pngImage(32, 32) });
    expect(readImageHeader(ico.subarray(0, ico.length - 10))).toBeUndefined();
  });

  it('when given SVG, GIF, text or a cut-off PNG, then it is not a supported image', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(readImageHeader(svg)).toBeUndefined();
    expect(readImageHeader(Buffer.from('GIF89a\x0a\x00\x0a\x00', 'latin1'))).toBeUndefined();
    expect(readImageHeader(Buffer.from('hello'))).toBeUndefined();
    expect(readImageHeader(pngImage(10, 10).subarray(0, 20))).toBeUndefined();
    expect(readImageHeader(jpegHeader(10, 10).subarray(0, 12))).toBeUndefined();
  });

  it('when a PNG claims zero width, then it is not an image', () => {
    expect(readImageHeader(pngImage(0, 10))).toBeUndefined();
  });
});
