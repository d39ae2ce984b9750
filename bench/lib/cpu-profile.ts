// Reads a V8 CPU profile (node --cpu-prof) and lists where the time went: by package or source
// area, and the heaviest functions by self time.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The profile's samples between `fromEndMs` and `toEndMs` before its end (start-up left out). */
function hitsInWindow(profile: CpuProfile, fromEndMs: number, toEndMs: number): Map<number, number> {
  const hits = new Map<number, number>();
  const lo = profile.endTime - fromEndMs * 1000;
  const hi = profile.endTime - toEndMs * 1000;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= lo && t <= hi) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return hits;
}

/** The area a frame's source belongs to: an npm package, the portal's own code, Node's, or V8's. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native/V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node core';
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (own) return `portal ${own[1]}/${own[2]}`;
  return url;
}

/** Self time over the window [end − fromEndMs, end − toEndMs], by area and by function. */
export function summariseProfile(profile: CpuProfile, fromEndMs: number, toEndMs: number, top = 15): string {
  const windowHits = hitsInWindow(profile, fromEndMs, toEndMs);
  const total = [...windowHits.values()].reduce((a, b) => a + b, 0) || 1;
  const byArea = new Map<string, number>();
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = windowHits.get(node.id) ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + hits);
    const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/');
    const frame = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + hits);
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
  const lines = [`  ${total} samples; self time by area:`];
  for (const [a, n] of [...byArea].sort((x, y) => y[1] - x[1]).slice(0, top))
    lines.push(`    ${pct(n)}  ${a}`);
  lines.push('  heaviest functions (self time):');
  for (const [f, n] of [...byFrame].sort((x, y) => y[1] - x[1]).slice(0, top))
    lines.push(`    ${pct(n)}  ${f}`);
  return lines.join('\n');
}
