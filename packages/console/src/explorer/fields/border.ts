/** The border every form control shows, red while its value blocks sending. */
export const borderClass = (invalid: boolean | undefined) =>
  invalid ? 'border-red-500' : 'border-slate-300';
