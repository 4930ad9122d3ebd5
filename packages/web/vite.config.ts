import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Shared code in a few long-lived chunks instead of one chunk per combination of importing routes (issue 16: a shop's
 * first visit loaded 133 scripts). Mantine's core and its helpers, the icons and the domain package (rules, schemas,
 * messages) are each one chunk; route modules and feature code still split per route.
 */
const groups = [
  {
    name: "mantine",
    test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|react-transition-group|clsx|tslib|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|aria-hidden)[\\/]/,
  },
  { name: "icons", test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
  { name: "domain", test: /[\\/]packages[\\/]domain[\\/]|node_modules[\\/](@tianguis[\\/]domain|zod)[\\/]/ },
];

export default defineConfig({
  plugins: [reactRouter()],
  ssr: { noExternal: ["@tianguis/domain"] },
  build: { rolldownOptions: { output: { codeSplitting: { groups } } } },
});
