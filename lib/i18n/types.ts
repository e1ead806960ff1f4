/** A translation must have exactly the English catalogue's keys, each a string. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

type Join<A extends string, B extends string> = `${A}.${B}`;
/** Dotted paths to every string of a catalogue: `common.save`, `halqas.title`, … */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, KeyOf<T[K]>>;
}[keyof T & string];
/** Dotted paths to every node and string of a catalogue: `live`, `live.row`, `live.row.saved`, … */
export type PathOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : K | Join<K, PathOf<T[K]>>;
}[keyof T & string];
