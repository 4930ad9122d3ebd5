export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** How every spec's Chromium is started (the run's shared one, or a spec's own where none was started). */
export const browserOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
