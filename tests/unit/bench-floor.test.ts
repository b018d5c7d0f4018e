import type { Result } from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { describe, expect, it } from 'vitest';
import { lanternConnection, lcpFloor } from '../../scripts/bench/lighthouse.ts';

/*
 * The bench's network floor (scripts/bench/lighthouse.ts, LcpFloor) is Lantern's own simulation of the page's
 * requests with no CPU time: checked here against Lantern's TCPConnection, for Lighthouse's mobile throttling.
 */

const rttMs = 150;
const throughputKbps = 1.6 * 1024;
const origin = 'https://localhost:4456';

/** What Lantern's simulator gives for the HTML over a new connection and then an image over the same, warm one. */
function lanternSimulation(htmlBytes: number, imageBytes: number | null, serverMs: number): number {
  const connection = new Lantern.Simulation.TCPConnection(rttMs, throughputKbps * 1024, serverMs, true, true);
  // The simulator's DNS cache takes two round trips for a name it has not resolved (simulation/DNSCache.js).
  const html = connection.simulateDownloadUntil(htmlBytes, { dnsResolutionTime: 2 * rttMs });
  if (imageBytes === null) return html.timeElapsed;
  connection.setWarmed(true);
  connection.setCongestionWindow(html.congestionWindow);
  connection.setH2OverflowBytesDownloaded(html.extraBytesDownloaded);
  return html.timeElapsed + connection.simulateDownloadUntil(imageBytes).timeElapsed;
}

/** The parts of a Lighthouse result the floor reads. */
function result({ htmlBytes, image, serverEstimate }: { htmlBytes: number; image?: number; serverEstimate: number }) {
  const requests = [
    { url: `${origin}/apps`, resourceType: 'Document', transferSize: htmlBytes },
    ...(image === undefined ? [] : [{ url: `${origin}/_astro/hero.webp`, resourceType: 'Image', transferSize: image }]),
  ];
  const snippet = image === undefined ? '<p class="lead">' : '<img src="/_astro/hero.webp" alt="">';
  return {
    configSettings: { throttling: { rttMs, throughputKbps } },
    audits: {
      'network-requests': { details: { items: requests } },
      'network-server-latency': { details: { items: [{ origin, serverResponseTime: serverEstimate }] } },
      'largest-contentful-paint-element': { details: { items: [{ type: 'node', snippet }] } },
    },
  } as unknown as Result;
}

describe("the bench's LCP floor", () => {
  it.each([1_000, 12_000, 14_600, 14_601, 30_000, 60_000])('equals Lantern for %i bytes of HTML', (bytes) => {
    expect(lanternConnection(rttMs, throughputKbps).download(bytes)).toBe(lanternSimulation(bytes, null, 0));
  });

  it('adds the server response time Lantern estimated from the run', () => {
    const floor = lcpFloor(result({ htmlBytes: 11_400, serverEstimate: 12.5 }))!;
    expect(floor.serverResponseMs).toBe(12.5);
    expect(floor.ms).toBe(lanternSimulation(11_400, null, 12.5));
  });

  it("takes Lantern's 30 ms when the run's estimate is 0, as Lantern does", () => {
    const floor = lcpFloor(result({ htmlBytes: 11_400, serverEstimate: 0 }))!;
    expect(floor.serverResponseMs).toBe(30);
    expect(floor.ms).toBe(lanternSimulation(11_400, null, 30));
  });

  it('adds the largest image over the warm connection', () => {
    const floor = lcpFloor(result({ htmlBytes: 12_000, image: 25_000, serverEstimate: 4 }))!;
    expect(floor.resource).toEqual({ url: '/_astro/hero.webp', bytes: 25_000 });
    expect(floor.ms).toBe(lanternSimulation(12_000, 25_000, 4));
  });
});
