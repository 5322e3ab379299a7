import { useId } from 'react';
import classes from './segmented-filter.module.css';

export interface SegmentedFilterProps {
  /** Accessible name of the group. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
}

/**
 * A list page's one-of-several filter (node type, enabled clients), drawn as a segmented control. Native radio
 * inputs in a radio group (arrow keys move between them) and plain CSS for the chosen segment: Mantine's
 * SegmentedControl measures its options on mount to place a sliding indicator, which cost the nodes page a forced
 * layout of the whole page before its first rows (issue 18).
 */
export function SegmentedFilter({ label, value, onChange, data }: SegmentedFilterProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.group}>
      {data.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.text}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
