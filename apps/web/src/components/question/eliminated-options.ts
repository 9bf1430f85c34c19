// 'Eliminar alternativa' (issue 40): the alternatives a student struck through while answering, per
// question, kept on the device (offline too, and across reloads) until the question is answered.

const STORAGE_KEY = 'estudai:eliminated-options';
/** The questions remembered at most: the oldest go first. */
const MAX_QUESTIONS = 200;

type Store = Record<string, number[]>;

function read(): Store {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Store) : {};
  } catch {
    return {};
  }
}

function write(store: Store): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(store));
  } catch {
    // A full or blocked storage keeps the strikes for this screen only.
  }
}

/** The option indexes struck through on the question `key`. */
export function eliminatedOptions(key: string): number[] {
  const list = read()[key];
  return Array.isArray(list) ? list.filter((index) => Number.isInteger(index)) : [];
}

/** Keeps `indexes` for the question `key` (none: forgets it), newest last. */
export function saveEliminatedOptions(key: string, indexes: number[]): void {
  const store = read();
  delete store[key];
  if (indexes.length > 0) store[key] = indexes;
  const keys = Object.keys(store);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_QUESTIONS))) delete store[old];
  write(store);
}
