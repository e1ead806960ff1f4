/** One rule for every percentage shown: whole percent, rounded down (so 100% means all of it). */
export function wholePercent(share: number): number {
  return Math.floor(share * 100 + 1e-9);
}
