/** Stands for the name while the message is formatted: a private-use character no message holds. */
const MARK = "\u{F0000}";

/**
 * A message holding one thing the school wrote (a semester's, a halqa's name), the name isolated in
 * <bdi>: it keeps its own direction and its own digits ("Fall 2026 term" in an Arabic sentence, in a
 * school that writes its numbers in Arabic-Indic digits), as every name the dashboard shows.
 * `message` formats the sentence with the mark it is given in the name's place.
 */
export function WithName({ message, name }: { message: (mark: string) => string; name: string }) {
  const [before, ...after] = message(MARK).split(MARK);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after.join(name)}
    </>
  );
}
