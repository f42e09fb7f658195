import { defineConfig } from 'vite';
import { flightSearchProxy } from './proxy-plugin.js';

// The page imports the installed @flight-search packages (inside this repository, their builds:
// `npm run build` at the root first).
export default defineConfig({
  // `/api/flight-search` on the dev server: the page's proxy mode (no key in the page).
  plugins: [flightSearchProxy()],
  build: {
    target: 'es2022',
    // chart.js and the in-page mock are large by nature; the budget that
    // matters is the SDK's, checked by size-limit at the root.
    chunkSizeWarningLimit: 1500,
  },
});
