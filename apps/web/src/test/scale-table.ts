import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Shared pieces of the 10,000-row component tests (`*.scale.test.tsx`): the row count, generous waits (the CI
 * machine is loaded; nothing here is timed), and the checks every virtualised table must pass at that size.
 */
export const COUNT = 10_000;
export const WAIT = { timeout: 20_000 };

/** Zero-padded row number, so names sort and search as text (`relay-04231`). */
export const pad = (i: number) => String(i).padStart(5, '0');

/** The table's data rows in the DOM (header rows have no `data-row-id`). */
export const dataRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-id'));

/** Each data row's whole text. */
export const rowTexts = (table: HTMLElement) => dataRows(table).map((row) => row.textContent ?? '');

/** Each data row's first cell. */
export const firstCells = (table: HTMLElement) =>
  dataRows(table).map((row) => row.querySelector('td')?.textContent ?? '');

/**
 * The table says it holds `count` rows (`aria-rowcount`) while only a window of them is in the DOM: more than a
 * screenful's start, far fewer than all.
 */
export function expectWindowed(table: HTMLElement, count = COUNT): void {
  expect(table).toHaveAttribute('aria-rowcount', String(count));
  const shown = dataRows(table).length;
  expect(shown).toBeGreaterThan(5);
  expect(shown).toBeLessThan(200);
}

/** Waits until the table holds exactly `count` rows (after a search or a filter). */
export async function waitForRowCount(table: HTMLElement | (() => HTMLElement), count: number) {
  await waitFor(
    () =>
      expect(typeof table === 'function' ? table() : table).toHaveAttribute('aria-rowcount', String(count)),
    WAIT,
  );
}
