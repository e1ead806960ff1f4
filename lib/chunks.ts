/** `items` in consecutive slices of `size` (the last one may be shorter): rows per statement, records per request. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
