import type { Config } from "tailwindcss";

// The one place for design tokens. app/shop.pcss loads this file through `@config`.
export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      screens: {
        // The mobile breakpoint: under 821 px (51.3125rem) is a phone layout. In rem so that
        // Tailwind sorts it among its own breakpoints (sm, md before it; lg after).
        desk: "51.3125rem",
      },
      colors: {
        brand: {
          50: "#eef8fc",
          100: "#d5eef8",
          200: "#aadcf0",
          300: "#72c3e4",
          400: "#38a3d1",
          500: "#1787ba",
          600: "#0b6c9c",
          700: "#0a577f",
          800: "#0d4868",
          900: "#103c57",
          950: "#0a2638",
        },
        leaf: {
          50: "#effbf4",
          100: "#d8f5e3",
          500: "#1f9d5c",
          600: "#157f49",
          700: "#12653c",
        },
        ink: {
          DEFAULT: "#14212b",
          soft: "#3c4b57",
          muted: "#5b6873",
        },
        line: "#dde5ea",
        canvas: "#f6f9fb",
      },
      fontFamily: {
        sans: ["var(--font-sans)", "ui-sans-serif", "system-ui", "sans-serif"],
      },
      maxWidth: {
        page: "76rem",
      },
      boxShadow: {
        card: "0 1px 2px rgb(16 60 87 / 0.06), 0 4px 16px rgb(16 60 87 / 0.06)",
      },
    },
  },
} satisfies Config;
