import { Select, type SelectProps } from '@mantine/core';

/**
 * Mantine's Combobox keeps a closed dropdown mounted (hidden) and positions it as it mounts: a forced layout of the
 * whole page before a list page's first rows (~30 ms at 10,000 rows, issue 18). Built when it opens instead.
 */
const BUILT_WHEN_OPENED = { keepMounted: false } as const;

/** A list toolbar's one-value filter (status, network...): a clearable select whose options exist only while open. */
export function FilterSelect({ comboboxProps, ...props }: SelectProps) {
  return <Select clearable comboboxProps={{ ...BUILT_WHEN_OPENED, ...comboboxProps }} {...props} />;
}
