import { vi } from 'vitest';

/**
 * Fake time for code that reads the clock with performance.now(), waits with
 * setTimeout and gives up with AbortSignal.timeout(): the test moves the clock
 * (vi.advanceTimersByTimeAsync), so what it asserts about time does not depend
 * on the machine's speed. Vitest's fake timers leave AbortSignal.timeout on the
 * real clock, so it is replaced by the same signal made on the fake one.
 * Undo with vi.useRealTimers() and vi.restoreAllMocks().
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const controller = new AbortController();
    setTimeout(
      () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      ms,
    );
    return controller.signal;
  });
}
