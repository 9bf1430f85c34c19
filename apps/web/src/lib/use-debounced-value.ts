import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delay` ms (spec §5: the group and video searches wait 300 ms). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
