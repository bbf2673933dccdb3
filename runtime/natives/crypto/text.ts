// Text length as Haskell's `T.length` counts it: code points, not UTF-16 units.

export function textLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { n--; i++; }
  }
  return n;
}
