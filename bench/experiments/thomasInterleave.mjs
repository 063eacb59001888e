// Experiment behind docs/PERFORMANCE.md ("Interleaving ropes"): the Thomas sweep of 200 independent
// 32-unknown tridiagonal systems (one C200 substep's chain solves), one system at a time versus two
// interleaved so the CPU overlaps their serial divisions. Run: node bench/experiments/thomasInterleave.mjs
const R = 200, M = 32;
const a = new Float64Array(R * M), b = new Float64Array(R * M), c = new Float64Array(R * M), d = new Float64Array(R * M);
const cp = new Float64Array(R * M), dp = new Float64Array(R * M);
let s = 1; const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
for (let i = 0; i < R * M; i++) { a[i] = -rnd(); c[i] = -rnd(); b[i] = 3 + rnd(); d[i] = rnd(); }
function seq() {
  for (let r = 0; r < R; r++) {
    const o = r * M;
    for (let k = 0; k < M; k++) {
      const denom = b[o + k] - (k > 0 ? a[o + k] * cp[o + k - 1] : 0);
      cp[o + k] = c[o + k] / denom;
      dp[o + k] = (d[o + k] - (k > 0 ? a[o + k] * dp[o + k - 1] : 0)) / denom;
    }
    for (let k = M - 2; k >= 0; k--) dp[o + k] -= cp[o + k] * dp[o + k + 1];
  }
}
function inter() {
  for (let r = 0; r < R; r += 2) {
    const o = r * M, p = o + M;
    for (let k = 0; k < M; k++) {
      const denom = b[o + k] - (k > 0 ? a[o + k] * cp[o + k - 1] : 0);
      const denom2 = b[p + k] - (k > 0 ? a[p + k] * cp[p + k - 1] : 0);
      cp[o + k] = c[o + k] / denom;
      cp[p + k] = c[p + k] / denom2;
      dp[o + k] = (d[o + k] - (k > 0 ? a[o + k] * dp[o + k - 1] : 0)) / denom;
      dp[p + k] = (d[p + k] - (k > 0 ? a[p + k] * dp[p + k - 1] : 0)) / denom2;
    }
    for (let k = M - 2; k >= 0; k--) { dp[o + k] -= cp[o + k] * dp[o + k + 1]; dp[p + k] -= cp[p + k] * dp[p + k + 1]; }
  }
}
for (let w = 0; w < 2000; w++) { seq(); inter(); }
const t = { seq: [], inter: [] };
for (let rep = 0; rep < 15; rep++) for (const [n, f] of [['seq', seq], ['inter', inter]]) { const t0 = performance.now(); for (let i = 0; i < 400; i++) f(); t[n].push((performance.now() - t0) / 400); }
for (const k in t) { t[k].sort((x, y) => x - y); console.log(k, (t[k][7] * 1000).toFixed(1), 'us per 200 systems (8 substeps = x8)'); }
