import { Badge, useMantineTheme, type MantineSize, type MantineTheme } from '@mantine/core';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

type RowBadgeVariant = 'light' | 'outline';

const stylesByTheme = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/** The inline variables Mantine's Badge sets for these props (its own resolver), worked out once per theme. */
function badgeVars(
  theme: MantineTheme,
  color: string | undefined,
  variant: RowBadgeVariant,
  size: MantineSize | undefined,
) {
  let styles = stylesByTheme.get(theme);
  if (!styles) {
    styles = new Map();
    stylesByTheme.set(theme, styles);
  }
  const key = `${color ?? ''}:${variant}:${size ?? ''}`;
  let style = styles.get(key);
  if (!style) {
    style = Badge.varsResolver(theme, { color, variant, size }, undefined).root as CSSProperties;
    styles.set(key, style);
  }
  return style;
}

export interface RowBadgeProps extends HTMLAttributes<HTMLDivElement> {
  /** A theme colour; the theme's primary colour when absent. */
  color?: string;
  variant?: RowBadgeVariant;
  size?: MantineSize;
  children: ReactNode;
}

/**
 * Mantine's Badge for list rows: the same two elements, classes and variables, without the component's props and
 * styles machinery, which every row coming into view paid for while scrolling 10,000 rows (issue 18). Detail
 * pages keep Mantine's Badge.
 */
export function RowBadge({ color, variant = 'light', size, children, ...rest }: RowBadgeProps) {
  const theme = useMantineTheme();
  return (
    <div
      {...rest}
      className={Badge.classes.root}
      data-variant={variant}
      data-size={size}
      style={badgeVars(theme, color, variant, size)}
    >
      <span className={Badge.classes.label}>{children}</span>
    </div>
  );
}
