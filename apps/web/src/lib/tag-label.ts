/** A tag's name without its `<network>.` prefix, as people named it (kept apart: list rows need only this). */
export const tagLabel = (tagId: string, networkId: string): string =>
  tagId.startsWith(`${networkId}.`) ? tagId.slice(networkId.length + 1) : tagId;
