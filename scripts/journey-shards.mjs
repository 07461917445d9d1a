// The journey files split into shards of about equal time (issue 34): longest file first, each to the
// shard with the least time so far (the LPT rule). A file not yet timed counts as the median file.
// `durations` maps `e2e/<file>` to seconds, as scripts/test-all.mjs prints them at the end of a run.

/** `files` in `count` groups, each in the order given, of about equal summed duration. */
export function balanceShards(files, durations, count) {
  const known = files
    .map((f) => durations[f])
    .filter((s) => typeof s === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weight = (f) => durations[f] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((s) => s.files.sort()).filter((files) => files.length);
}
