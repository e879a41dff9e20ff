// Sizes are shown on the Trash screen too; the Files screen keeps importing them from here.
export { formatSize } from '../../shared/format-size.ts';
