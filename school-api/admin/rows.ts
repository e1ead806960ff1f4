/** What an operation of the school's application answers of a row: only the named columns, so nothing else leaks out (a key's hash). */
export function columnsOf<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}
