// Runs one autocannon load in its own process, so that the load generator's CPU and memory never
// count as the server's. Reads its options as JSON on stdin and prints a summary as JSON on stdout.
import autocannon from 'autocannon';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, paths, headers, connections, duration, amount, timeoutSeconds } = JSON.parse(
  Buffer.concat(chunks).toString(),
);

const result = await autocannon({
  url,
  connections,
  ...(amount ? { amount } : { duration }),
  timeout: timeoutSeconds,
  headers,
  // Each connection loops over the list, so a long list varies the queries the server sees.
  requests: paths.map((path) => ({ method: 'GET', path })),
});

process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  }),
);
