/** A navigation pill (a section, a status filter): filled when it is the current one. */
export function pillClass(active: boolean): string {
  return `inline-flex h-11 items-center rounded-full px-4 text-sm font-medium ${
    active ? "bg-brand-600 text-white" : "border border-line bg-white text-ink hover:bg-brand-50"
  }`;
}
