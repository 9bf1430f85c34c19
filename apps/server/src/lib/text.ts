/** Whether U+0000 appears in a string, or in any key or string value of parsed JSON. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNulCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNulCharacter(item, depth + 1),
  );
}
