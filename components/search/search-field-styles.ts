// The search field's looks in its three places, shared by the plain field and the combobox that
// takes its place (so nothing moves when it does).

export type SearchFieldVariant = "bar" | "menu" | "page";

interface FieldStyles {
  form: string;
  label: string;
  input: string;
  /** The results panel under the field. */
  panel: string;
}

const input =
  "h-11 w-full rounded-full border border-line bg-canvas pl-10 pr-4 text-[15px] text-ink placeholder:text-ink-muted hover:border-brand-300 focus:border-brand-500 focus:bg-white [&::-webkit-search-cancel-button]:appearance-none";
const panel = "z-50 overflow-y-auto rounded-xl border border-line bg-white p-2 text-left shadow-card";

export const fieldStyles: Record<SearchFieldVariant, FieldStyles> = {
  // The desktop bar: narrow until focused; the panel drops below it, wider than the field.
  bar: {
    form: "relative w-44 shrink transition-[width] focus-within:w-64 lg:w-56 lg:focus-within:w-72",
    label: "sr-only",
    input,
    panel: `${panel} absolute right-0 top-full mt-2 max-h-[70vh] w-[28rem] max-w-[calc(100vw-2rem)]`,
  },
  // The phone menu: full width, the results in the menu's own scrolling flow.
  menu: {
    form: "w-full",
    label: "sr-only",
    input,
    panel: `${panel} mt-2`,
  },
  // The 404 page: a labelled field in the page, the panel over what follows.
  page: {
    form: "relative mx-auto w-full max-w-md text-left",
    label: "mb-2 block text-sm font-semibold text-ink",
    input,
    panel: `${panel} absolute inset-x-0 top-full mt-2 max-h-[60vh]`,
  },
};
