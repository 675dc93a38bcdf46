// Preloaded into the server by memory-bench.mjs (`--require`): on SIGUSR2 it writes the process's
// memory as Node and V8 see it to the file named by MEMORY_REPORT_FILE, so the bench can say where
// the RSS goes. With MEMORY_REPORT_PEAK_MS it also reads the RSS that often and keeps the whole
// reading (heap, external memory) of the highest one since the last report, written with it as
// `peak`: where the RSS went at a burst's top. Measuring only: it allocates nothing until asked or
// until the RSS passes its previous high.
const { writeFileSync } = require('node:fs');
const v8 = require('node:v8');

const spaceSizes = () =>
  Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, { size: space.space_size, used: space.space_used_size }]));

let peak;
const peakMs = Number(process.env.MEMORY_REPORT_PEAK_MS);
if (peakMs > 0) {
  setInterval(() => {
    if (peak && process.memoryUsage.rss() <= peak.usage.rss) return;
    peak = { usage: process.memoryUsage(), spaces: spaceSizes() };
  }, peakMs).unref();
}

process.on('SIGUSR2', () => {
  const file = process.env.MEMORY_REPORT_FILE;
  if (!file) return;
  const usage = process.memoryUsage();
  writeFileSync(file, JSON.stringify({ usage, spaces: spaceSizes(), heap: v8.getHeapStatistics(), peak }));
  peak = undefined;
});
