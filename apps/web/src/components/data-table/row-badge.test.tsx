import { Badge } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui.tsx';
import { RowBadge } from './row-badge.tsx';

/**
 * An element as CSS sees it: tag, attributes in any order, children. Mantine's static `mantine-*` class names are
 * left out: nothing styles them.
 */
function drawn(element: Element | undefined): unknown {
  if (!element) return undefined;
  const attributes = [...element.attributes]
    .map((attribute) => [attribute.name, attribute.value.replace(/ ?mantine-Badge-(root|label)/g, '')])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return {
    tag: element.tagName,
    attributes,
    text: element.children.length === 0 ? element.textContent : undefined,
    children: [...element.children].map(drawn),
  };
}

describe('RowBadge', () => {
  it.each([
    [{ color: 'green' }],
    [{ color: 'yellow', size: 'xs' as const }],
    [{ variant: 'outline' as const, size: 'xs' as const }],
  ])("-> with %j, draws the elements, classes and variables of Mantine's Badge", (props) => {
    const { container } = renderUi(
      <>
        <Badge variant="light" {...props}>
          Healthy
        </Badge>
        <RowBadge {...props}>Healthy</RowBadge>
      </>,
    );
    const [mantine, row] = [...container.querySelectorAll(`.${Badge.classes.root}`)];
    expect(row).toBeDefined();
    expect(drawn(row)).toEqual(drawn(mantine));
  });
});
