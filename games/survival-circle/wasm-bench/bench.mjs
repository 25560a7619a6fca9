// Times the AI in WebAssembly (node): nodes per second of the search in
// mid-game positions and the time to solve 20, 22, 24 and 26 turns before the
// end. Usage: node examples/wasm_bench.mjs path/to/wasm_bench.wasm
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const { search } = instance.exports;

let nodes = 0n, ms = 0;
for (let seed = 0n; seed < 6n; seed++) {
  const left = 92 - 10 * Number(seed);
  const t = performance.now();
  nodes += search(100n + seed, left, 5_000_000n);
  ms += performance.now() - t;
}
console.log(`wasm speed: ${(Number(nodes) / ms / 1000).toFixed(1)} million nodes/s (6 mid-game positions, 5 M nodes each)`);
for (const left of [20, 22, 24, 26]) {
  const times = [];
  for (let seed = 0n; seed < 5n; seed++) {
    const t = performance.now();
    const n = search(1000n + seed, left, 0n);
    times.push(performance.now() - t);
    if (n < 0n) console.log("not solved", left, seed);
  }
  times.sort((a, b) => a - b);
  console.log(`wasm solve ${left} turns left: median ${(times[2] / 1000).toFixed(3)} s (min ${(times[0] / 1000).toFixed(3)}, max ${(times[4] / 1000).toFixed(3)})`);
}
