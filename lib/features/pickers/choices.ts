/**
 * When a picker is a plain `<select>` and when a searchable combobox asking the server
 * (components/pickers/picker-or-select.tsx). One threshold for every picker of students, halqas and
 * sheikhs, decided on the server so that a large list never reaches the page.
 */
export const PICKER_SELECT_LIMIT = 40;

export type Choice = { id: string; name: string };

/** The choices a `<select>` may hold, sorted by name, or null when there are more than PICKER_SELECT_LIMIT (a searchable picker then). */
export function selectChoices(items: readonly Choice[]): Choice[] | null {
  if (items.length > PICKER_SELECT_LIMIT) return null;
  return items.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
