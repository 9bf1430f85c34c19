export { clsx as cn } from 'clsx';
