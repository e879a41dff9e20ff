/** A video's length as phones show it: `0:04`, `12:30`, `1:02:03`. */
export function durationText(durationMs: number): string {
  const total = Math.round(durationMs / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
