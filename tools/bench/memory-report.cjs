// Preloaded into the server by memory-bench.mjs (`--require`): on SIGUSR2 it writes the process's
// memory as Node and V8 see it to the file named by MEMORY_REPORT_FILE, so the bench can say where
// the RSS goes. Measuring only: it allocates nothing until asked.
const { writeFileSync } = require('node:fs');
const v8 = require('node:v8');

process.on('SIGUSR2', () => {
  const file = process.env.MEMORY_REPORT_FILE;
  if (!file) return;
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, { size: space.space_size, used: space.space_used_size }]));
  writeFileSync(file, JSON.stringify({ usage, spaces, heap: v8.getHeapStatistics() }));
});
