import { vi } from 'vitest';

/**
 * jsdom lays nothing out: every element measures 0x0, so a virtualised list renders no rows. This gives every
 * element the given size for one test; call the returned function (or vi.restoreAllMocks) to undo it.
 */
export function mockElementSize(width = 1024, height = 720): () => void {
  const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height,
    top: 0,
    left: 0,
    right: width,
    bottom: height,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height);
  const offsetWidth = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width);
  // TanStack Virtual sizes its viewport from clientWidth/clientHeight.
  const clientHeight = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
  const clientWidth = vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(width);
  return () => {
    clientHeight.mockRestore();
    clientWidth.mockRestore();
    rect.mockRestore();
    offsetHeight.mockRestore();
    offsetWidth.mockRestore();
  };
}
