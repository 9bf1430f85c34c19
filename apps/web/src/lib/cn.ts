/**
 * Joins class names. It does not merge Tailwind utilities: of two for the same property (`p-0` and
 * `p-5`) the stylesheet's order wins, not the later one, so components offer props (padding, size,
 * radius, tone) for what a caller may change instead of letting `className` override them.
 */
export { clsx as cn } from 'clsx';
